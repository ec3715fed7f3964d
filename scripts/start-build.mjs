// What `npm start` builds, and how (decision 0065): the web app's two builds and the server
// bundle side by side rather than one after the other, and the assets' best compression left
// to a background process at the lowest CPU priority, so a fresh clone's first start is not
// held up by minutes of brotli 11 on a busy machine.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { uncompressed } from './compress-dist.mjs';

const vite = path.join(
  path.dirname(createRequire(import.meta.url).resolve('vite/package.json')),
  'bin/vite.js',
);

/**
 * Runs `node args…` in `root`; rejects naming `what` when it fails. `low`: at the lowest CPU
 * priority, set as soon as it is spawned (before node makes its threads, which inherit it).
 */
function run(root, what, args, { low = false } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit' });
    if (low) lowestPriority(child);
    // A start stopped mid-build (server.ts) takes its builds with it.
    const endWithThisProcess = () => child.kill();
    process.once('exit', endWithThisProcess);
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      process.off('exit', endWithThisProcess);
      if (code === 0) return resolve();
      // Ended by a signal: the Ctrl-C that reaches the whole process group, stopping this start
      // too (start.mjs tells it from a failed build).
      reject(Object.assign(new Error(`${what} failed (exit code ${code})`), { signal }));
    });
  });
}

function lowestPriority(child) {
  try {
    if (child.pid) os.setPriority(child.pid, os.constants.priority.PRIORITY_LOW);
  } catch {
    // Not allowed here: it runs at normal priority.
  }
}

/**
 * The client build (dist/web, whose stamp says what it was built from) and the server-render
 * build (dist/web-ssr, for the prerendered pages) at once, each when `due`. `client` is what the
 * server waits for; `serverRender` only feeds the prerender, which a start does not wait for, so
 * it runs at the lowest CPU priority (decision 0069: on a busy machine it took a share of the
 * core the first start needed). It builds into dist/web-ssr.building, renamed into place when
 * whole: a start stopped before it ended leaves no dist/web-ssr, and the next builds only it.
 */
export function buildWeb(root, due) {
  const ssrDir = path.join(root, 'dist/web-ssr');
  const building = `${ssrDir}.building`;
  if (due.serverRender) {
    for (const dir of [ssrDir, building]) fs.rmSync(dir, { recursive: true, force: true });
  }
  if (due.client) fs.rmSync(path.join(root, 'dist/web-build-inputs.json'), { force: true });
  const quiet = ['--logLevel', 'warn'];
  const client = due.client
    ? run(root, 'the web build', [vite, 'build', ...quiet])
    : Promise.resolve();
  const ssrArgs = ['--ssr', 'entry-server.tsx', '--outDir', '../../dist/web-ssr.building'];
  const serverRender = due.serverRender
    ? run(root, 'the server-render build', [vite, 'build', ...ssrArgs, ...quiet], {
        low: true,
      }).then(() => fs.renameSync(building, ssrDir))
    : Promise.resolve();
  return { client, serverRender };
}

/**
 * Starts compressing what dist/web lacks the .br/.gz of, in a child at the lowest priority (it
 * takes the CPU nothing else wants) that goes with this process. Null when nothing is missing.
 */
export function compressInBackground(root) {
  const dir = path.join(root, 'dist/web');
  if (!fs.existsSync(dir) || uncompressed(dir).length === 0) return null;
  const child = spawn(process.execPath, [path.join(root, 'scripts/compress-dist.mjs'), dir], {
    cwd: root,
    stdio: 'ignore',
  });
  lowestPriority(child);
  const done = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  // Never keeps the server's process alive, and dies with it (the next start resumes it).
  child.unref();
  process.once('exit', () => child.kill());
  return { child, done };
}
