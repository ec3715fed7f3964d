import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bundledFile, CHILD_BUNDLE_ENV, CHILD_ENTRIES, nodeArgs } from './node-entry.ts';

const root = path.resolve(import.meta.dirname, '../..');
afterEach(() => vi.unstubAllEnvs());

describe('the node arguments of a spawned entry', () => {
  it('are tsx and the source without a bundle, the compiled file with one', () => {
    vi.stubEnv(CHILD_BUNDLE_ENV, undefined);
    expect(nodeArgs('src/main/doctor-cli.ts', '--x')).toEqual([
      '--import',
      'tsx',
      'src/main/doctor-cli.ts',
      '--x',
    ]);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'upsider-bundle-'));
    try {
      const file = bundledFile(dir, 'src/main/doctor-cli.ts');
      expect(file).toBe(path.join(dir, 'src/main/doctor-cli.js'));
      vi.stubEnv(CHILD_BUNDLE_ENV, dir);
      // A bundle without the entry is a broken bundle, not a reason to start through tsx.
      expect(() => nodeArgs('src/main/doctor-cli.ts')).toThrow(/not in this run's bundle/);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, '');
      expect(nodeArgs('src/main/doctor-cli.ts', '--x')).toEqual([file, '--x']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('name entries that exist, and no test spawns tsx but through nodeArgs', () => {
    for (const entry of CHILD_ENTRIES) expect(fs.existsSync(path.join(root, entry))).toBe(true);
    // This helper and its test are the only places that may spell the tsx start out.
    const allowed = new Set(['support/node-entry.ts', 'support/node-entry.test.ts']);
    const spawnsTsx = /['"]--import['"],\s*['"]tsx['"]/;
    const offenders = fs
      .readdirSync(path.join(root, 'tests'), { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.tsx?$/.test(f) && !allowed.has(f))
      .filter((f) => spawnsTsx.test(fs.readFileSync(path.join(root, 'tests', f), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
