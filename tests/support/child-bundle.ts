import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { build, stop } from 'esbuild';
import type { TestProject } from 'vitest/node';
import { serverCompileOptions } from '../../scripts/build-server.mjs';
import { CHILD_BUNDLE_ENV, CHILD_ENTRIES } from './node-entry.ts';

/**
 * vitest globalSetup: the entries tests spawn (node-entry.ts), compiled once per run into
 * dist/test-children-<run>/ the way scripts/build-server.mjs compiles the server (bundled,
 * packages from node_modules). A child then loads plain JavaScript in ~0.2 s instead of tsx
 * compiling its few hundred files for ~2.3 s, at every one of the suite's ~80 spawns
 * (decision 0075). Inside the checkout, so project-root.ts and createRequire find package.json
 * and node_modules as from src/. Unique per run, removed at teardown. Only the integration
 * projects spawn; with both, the first one's bundle serves the second.
 */
export default async function setup(project: TestProject) {
  // Off: children start through tsx, as before (to measure the difference).
  if (process.env.UPSIDER_TEST_BUNDLE === 'off') return;
  if (!project.config.env?.TEST_DB || process.env[CHILD_BUNDLE_ENV]) return;
  const root = path.resolve(import.meta.dirname, '../..');
  const tag = `${process.env.UPSIDER_TEST_RUN ?? 'adhoc'}-${randomBytes(4).toString('hex')}`;
  const dir = path.join(root, 'dist', `test-children-${tag}`);
  await bundleChildEntries(root, dir);
  process.env[CHILD_BUNDLE_ENV] = dir;
  return () => {
    delete process.env[CHILD_BUNDLE_ENV];
    fs.rmSync(dir, { recursive: true, force: true });
  };
}

/** Every child entry into `dir`, sharing chunks (a module two entries import is compiled once). */
export async function bundleChildEntries(root: string, dir: string) {
  try {
    await build({
      ...serverCompileOptions,
      absWorkingDir: root,
      entryPoints: [...CHILD_ENTRIES],
      outbase: root,
      outdir: dir,
    });
  } finally {
    // esbuild's service is a child process; vitest's main process would otherwise keep it.
    await stop();
  }
}
