import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { busyCoreCounts, busyLabel, keepCoresBusy } from './busy-cores.ts';
import { addGoalRow, median } from './goals.ts';
import {
  describeParts,
  freshClone,
  loadNow,
  startParts,
  waitForFile,
} from './start-fresh-clone.ts';
import type { BenchSection } from './types.ts';

const RUNS = Number(process.env.BENCH_START_RUNS ?? 3);
const PORT_BASE = Number(process.env.BENCH_START_PORT ?? 4345);

/** Polls `url` until it answers 200; returns the ms since `started`. */
async function firstOk(url: string, started: number, child: ChildProcess, timeoutMs = 180_000) {
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

/** Pids in process group `pgid` (from /proc). */
function groupPids(pgid: number): number[] {
  const pids: number[] = [];
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) === pgid && fields[0] !== 'Z') pids.push(Number(pid));
    } catch {
      // gone
    }
  }
  return pids;
}

/**
 * SIGTERM to the group, then waits until every process in it is gone (npm exits at once; the
 * server still closes its database, and the data folder is removed next), SIGKILL after 15 s.
 */
async function stopGroup(child: ChildProcess) {
  if (!child.pid) return;
  const pgid = child.pid;
  try {
    process.kill(-pgid, 'SIGTERM');
  } catch {
    return;
  }
  const deadline = Date.now() + 15_000;
  while (groupPids(pgid).length && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
  }
  if (groupPids(pgid).length) process.kill(-pgid, 'SIGKILL');
}

/** The server's resident memory: the biggest RSS among the process group's node processes. */
function groupRssMiB(pgid: number): number {
  let max = 0;
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) !== pgid) continue;
      const rss = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (rss) max = Math.max(max, Number(rss[1]) / 1024);
    } catch {
      // gone
    }
  }
  return max;
}

/**
 * `npm start` → first 200 on `/`, then on `/api/health` (the server listens and serves pages
 * before the rest of the product has loaded; API requests wait for it) and on
 * `/api/health/ready` (the background start-up, e.g. the sandbox's Base node, done too).
 */
async function timeStart(port: number, dataDir: string, cwd: string) {
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

const DEMO_SAMPLE_MS = Number(process.env.BENCH_DEMO_SAMPLE_MS ?? 30_000);

/**
 * A first visitor on a fresh start: after ready, the landing once (the first-start
 * demo starts a few seconds after the first page), then a page and an API read every second
 * while the demo runs (its commands, transfers and video render): the slowest answer of each.
 */
async function visitorDuringDemo(origin: string) {
  const timed = async (path: string) => {
    const t = performance.now();
    const res = await fetch(`${origin}${path}`);
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
    return performance.now() - t;
  };
  const firstPage = await timed('/');
  let page = 0;
  let api = 0;
  const until = performance.now() + DEMO_SAMPLE_MS;
  while (performance.now() < until) {
    page = Math.max(page, await timed('/rewards'));
    api = Math.max(api, await timed('/api/leaderboard/mentions/monthly'));
    await new Promise((r) => setTimeout(r, 1000));
  }
  return { firstPage, page, api };
}

/**
 * Fresh start, restart on existing data, idle memory; next to a bare node:http server. Once per
 * count in BENCH_BUSY_CORES (default 0): `0,1` measures on the machine as it is, then with one
 * core kept busy by another process (issue 45 §3: the goals hold "even with other work").
 */
export const startUp: BenchSection = {
  title: 'Start-up (npm start → first 200) and idle memory',
  async run() {
    for (const busy of busyCoreCounts()) {
      const other = keepCoresBusy(busy);
      try {
        await measureStarts(busy);
      } finally {
        other.stop();
      }
    }
  },
};

async function measureStarts(busy: number) {
  const label = busyLabel(busy);
  if (busy) console.info(`  with ${busy} core(s) kept busy by another process:`);
  const port = PORT_BASE;
  const url = `http://127.0.0.1:${port}/`;
  const bareStart: number[] = [];
  const bareRss: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    const bare = spawn(
      process.execPath,
      ['-e', `require('http').createServer((q,s)=>s.end('ok')).listen(${port},'127.0.0.1')`],
      { detached: true, stdio: 'ignore' },
    );
    bareStart.push(await firstOk(url, started, bare));
    await new Promise((r) => setTimeout(r, 1000));
    bareRss.push(groupRssMiB(bare.pid ?? 0));
    await stopGroup(bare);
  }
  const fresh: number[] = [];
  const freshApi: number[] = [];
  const freshReady: number[] = [];
  const restart: number[] = [];
  const restartApi: number[] = [];
  const restartReady: number[] = [];
  const idle: number[] = [];
  const demoFirstPage: number[] = [];
  const demoPage: number[] = [];
  const demoApi: number[] = [];
  const parts: string[] = [];
  for (let i = 0; i < RUNS; i++) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'upsider-start-'));
    // Each run's first start is a newcomer's: a fresh clone, nothing built, no data.
    const clone = freshClone();
    try {
      const first = await timeStart(port, dataDir, clone.dir);
      fresh.push(first.page);
      freshApi.push(first.api);
      freshReady.push(first.ready);
      const visitor = await visitorDuringDemo(`http://127.0.0.1:${port}`);
      demoFirstPage.push(visitor.firstPage);
      demoPage.push(visitor.page);
      demoApi.push(visitor.api);
      // A restart follows a session, not a start cut short: the prerendered pages are kept.
      await waitForFile(path.join(clone.dir, 'dist/cache/prerendered.json'), 60_000);
      await stopGroup(first.child);
      const again = await timeStart(port, dataDir, clone.dir);
      parts.push(
        `  run ${i + 1} first start (${first.load}): ready ${(first.ready / 1000).toFixed(2)} s; ${first.parts}`,
        `  run ${i + 1} restart (${again.load}): ready ${(again.ready / 1000).toFixed(2)} s; ${again.parts}`,
      );
      restart.push(again.page);
      restartApi.push(again.api);
      restartReady.push(again.ready);
      await new Promise((r) => setTimeout(r, 10_000));
      idle.push(groupRssMiB(again.child.pid ?? 0));
      await stopGroup(again.child);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
      clone.remove();
    }
    const sec = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
    console.info(
      `  run ${i + 1}: fresh ${sec(fresh[i]!)} (API ${sec(freshApi[i]!)}, ready ${sec(freshReady[i]!)}), restart ${sec(restart[i]!)} (API ${sec(restartApi[i]!)}, ready ${sec(restartReady[i]!)}), idle RSS ${idle[i]!.toFixed(0)} MiB; with the demo running: first page ${sec(demoFirstPage[i]!)}, slowest page ${sec(demoPage[i]!)}, slowest API ${sec(demoApi[i]!)}`,
    );
  }
  for (const line of parts) console.info(line);
  const s = (xs: number[]) => xs.map((x) => x / 1000);
  // Issue 45 §3: every part ready, the local Base node included (load average on each line above).
  addGoalRow({
    what: `Restart → ready, every part (${loadNow()} now${label})`,
    unit: 's',
    baseline: median(s(bareStart)),
    runs: s(restartReady),
    goal: '≤ 2 s',
    met: median(restartReady) <= 2000,
  });
  addGoalRow({
    what: `First start, fresh clone → ready, every part (${loadNow()} now${label})`,
    unit: 's',
    baseline: median(s(bareStart)),
    runs: s(freshReady),
    goal: '≤ 15 s',
    met: median(freshReady) <= 15_000,
  });
  addGoalRow({
    what: `Restart, installed, existing data → first 200${label}`,
    unit: 's',
    baseline: median(s(bareStart)),
    runs: s(restart),
    goal: '≤ 5 s (target 2 s)',
    met: median(restart) <= 5000,
  });
  addGoalRow({
    what: `First start, fresh clone (its build included) → first 200${label}`,
    unit: 's',
    baseline: median(s(bareStart)),
    runs: s(fresh),
    goal: '≤ 10 s',
    met: median(fresh) <= 10_000,
  });
  // Not goals of their own: how long until the API and the background start-up follow the page.
  for (const [what, runs] of [
    ['Restart → API answers (/api/health)', restartApi],
    ['First start → API answers (/api/health)', freshApi],
    ["First start, after ready → the first visitor's page (/)", demoFirstPage],
    ['First start, demo running → slowest page (/rewards)', demoPage],
    ['First start, demo running → slowest API read (leaderboard)', demoApi],
  ] as const) {
    addGoalRow({
      what: `${what}${label}`,
      unit: 's',
      baseline: median(s(bareStart)),
      runs: s(runs),
      goal: '-',
      met: null,
    });
  }
  addGoalRow({
    what: `Server memory, idle (RSS)${label}`,
    unit: 'MiB',
    baseline: median(bareRss),
    runs: idle,
    goal: '≤ 250 MiB',
    met: median(idle) <= 250,
  });
}
