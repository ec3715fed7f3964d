// One `npm start` of the start-up bench, timed: the server in its own process group with its
// output in a file, polled until `/`, the API and readiness each answer 200.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describeParts, loadNow, startParts } from './start-fresh-clone.ts';

/** Polls `url` until it answers 200; returns the ms since `started`. */
export async function firstOk(
  url: string,
  started: number,
  child: ChildProcess,
  timeoutMs = 180_000,
) {
  while (performance.now() - started < timeoutMs) {
    if (child.exitCode !== null) {
      throw new Error(`the server exited with ${child.exitCode}${logTail(child)}`);
    }
    try {
      if ((await fetch(url)).status === 200) return performance.now() - started;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
}

/** Where each start's output goes: a server that exits early says why (warn level and up). */
const logs = new WeakMap<ChildProcess, string>();

function logTail(child: ChildProcess): string {
  const file = logs.get(child);
  if (!file || !fs.existsSync(file)) return '';
  const lines = fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-15);
  return `; its last output (${file}):\n${lines.join('\n')}`;
}

/** `npm start` in its own process group (npm does not pass SIGTERM on to the server). */
function npmStart(port: number, dataDir: string, cwd: string) {
  const logFile = path.join(os.tmpdir(), `upsider-start-bench-${port}.log`);
  const out = fs.openSync(logFile, 'w');
  const child = spawn('npm', ['start', '--silent'], {
    cwd,
    detached: true,
    stdio: ['ignore', out, out],
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      // The production build on the sandbox: NODE_ENV=production would refuse the sandbox.
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      SANDBOX: 'true',
      // Info: the start-up timer's line names each part of the start (startParts).
      LOG_LEVEL: 'info',
    },
  });
  fs.closeSync(out);
  logs.set(child, logFile);
  return child;
}

/**
 * `npm start` → first 200 on `/`, then on `/api/health` (the server listens and serves pages
 * before the rest of the product has loaded; API requests wait for it) and on
 * `/api/health/ready` (the background start-up, e.g. the sandbox's Base node, done too).
 */
export async function timeStart(port: number, dataDir: string, cwd: string) {
  const origin = `http://127.0.0.1:${port}`;
  const load = loadNow();
  const started = performance.now();
  const child = npmStart(port, dataDir, cwd);
  const page = await firstOk(`${origin}/`, started, child);
  const api = await firstOk(`${origin}/api/health`, started, child);
  const ready = await firstOk(`${origin}/api/health/ready`, started, child);
  // The timer's line follows readiness by a moment (the same await chain, then the logger).
  await new Promise((r) => setTimeout(r, 300));
  return { child, page, api, ready, load, parts: describeParts(startParts(logs.get(child) ?? '')) };
}
