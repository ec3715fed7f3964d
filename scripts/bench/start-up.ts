import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addGoalRow, median } from './goals.ts';
import type { BenchSection } from './types.ts';

const RUNS = 3;
const PORT_BASE = Number(process.env.BENCH_START_PORT ?? 4345);

/** Polls `url` until it answers 200; returns the ms since `started`. */
async function firstOk(url: string, started: number, child: ChildProcess, timeoutMs = 120_000) {
  while (performance.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).status === 200) return performance.now() - started;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
}

/** `npm start` in its own process group (npm does not pass SIGTERM on to the server). */
function npmStart(port: number, dataDir: string) {
  return spawn('npm', ['start', '--silent'], {
    detached: true,
    stdio: 'ignore',
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      SANDBOX: 'true',
      LOG_LEVEL: 'warn',
    },
  });
}

async function stopGroup(child: ChildProcess) {
  if (child.exitCode !== null || !child.pid) return;
  const exited = new Promise((r) => child.once('exit', r));
  process.kill(-child.pid, 'SIGTERM');
  const timer = setTimeout(() => child.pid && process.kill(-child.pid, 'SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
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

/** Fresh start, restart on existing data, idle memory; next to a bare node:http server. */
export const startUp: BenchSection = {
  title: 'Start-up (npm start → first 200) and idle memory',
  async run() {
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
    const restart: number[] = [];
    const idle: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'upsider-start-'));
      try {
        let started = performance.now();
        let child = npmStart(port, dataDir);
        fresh.push(await firstOk(url, started, child));
        await stopGroup(child);
        started = performance.now();
        child = npmStart(port, dataDir);
        restart.push(await firstOk(url, started, child));
        await new Promise((r) => setTimeout(r, 10_000));
        idle.push(groupRssMiB(child.pid ?? 0));
        await stopGroup(child);
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
      console.info(
        `  run ${i + 1}: fresh ${(fresh[i]! / 1000).toFixed(2)} s, restart ${(restart[i]! / 1000).toFixed(2)} s, idle RSS ${idle[i]!.toFixed(0)} MiB`,
      );
    }
    const s = (xs: number[]) => xs.map((x) => x / 1000);
    addGoalRow({
      what: 'Restart, installed, existing data → first 200',
      unit: 's',
      baseline: median(s(bareStart)),
      runs: s(restart),
      goal: '≤ 5 s (target 2 s)',
      met: median(restart) <= 5000,
    });
    addGoalRow({
      what: 'First start, fresh data → first 200',
      unit: 's',
      baseline: median(s(bareStart)),
      runs: s(fresh),
      goal: '≤ 10 s',
      met: median(fresh) <= 10_000,
    });
    addGoalRow({
      what: 'Server memory, idle (RSS)',
      unit: 'MiB',
      baseline: median(bareRss),
      runs: idle,
      goal: '≤ 250 MiB',
      met: median(idle) <= 250,
    });
  },
};
