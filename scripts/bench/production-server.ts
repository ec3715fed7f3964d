import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const HOST = '127.0.0.1';

/** A free TCP port on loopback, chosen by the OS. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, HOST, () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

// Readiness, not liveness: the server listens (and serves pages) before its background start-up
// (the sandbox's Base node) is done, and that would compete with the measurements.
async function waitForHealth(origin: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${origin}/api/health/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the server did not answer ${origin}/api/health/ready within ${timeoutMs} ms`);
}

/**
 * Starts `src/main/server.ts` (the production server, serving dist/web) on a free loopback
 * port with a fresh embedded database in a temp DATA_DIR and the sandbox instead of any outside
 * service. Only PATH and HOME are inherited, so a DATABASE_URL or real X credentials in the
 * caller's environment cannot make the bench touch anything but 127.0.0.1.
 */
export async function startProductionServer() {
  const port = await freePort();
  const origin = `http://${HOST}:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'upsider-bench-'));
  const start = npmStartCommand();
  const child = spawn(process.execPath, [...start.flags, 'scripts/start.mjs'], {
    // BENCH_SERVER_LOG=file keeps the server's warnings, to explain a slow figure.
    stdio: [
      'ignore',
      process.env.BENCH_SERVER_LOG ? fs.openSync(process.env.BENCH_SERVER_LOG, 'a') : 'ignore',
      'inherit',
    ],
    env: {
      ...start.env,
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      // The production build on the sandbox: NODE_ENV=production would refuse the sandbox.
      NODE_ENV: 'development',
      HOST,
      PORT: String(port),
      DATA_DIR: dataDir,
      SANDBOX: 'true',
      LOG_LEVEL: 'warn',
    },
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(origin, child, 60_000);
    await waitUntilQuiet(child.pid ?? 0);
  } catch (err) {
    await stop();
    throw err;
  }
  return { origin, stop };
}

/**
 * The environment (`NAME=value` before `node`) and node flags `npm start` runs the server with
 * (package.json), so the bench measures that.
 */
function npmStartCommand(): { env: Record<string, string>; flags: string[] } {
  const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { scripts: { start: string } };
  const words = pkg.scripts.start.split(/\s+/);
  const env: Record<string, string> = {};
  for (const w of words.slice(0, words.indexOf('node'))) {
    const [name, value] = w.split('=');
    if (name && value !== undefined) env[name] = value;
  }
  return { env, flags: words.filter((arg) => arg.startsWith('--')) };
}

/** CPU seconds (user + system) the process has used so far, from /proc. */
function cpuSeconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks
}

/**
 * Ready is not idle: a fresh sandbox then runs its first-start demo (posts, replies, a video)
 * for some seconds, and whichever section measured first paid for it (GET / at 60% of bare in
 * one run, 89% in the next). Waits until the server uses under 10% of a core for a second
 * (at most 60 s), so every section measures the server and not the demo.
 */
async function waitUntilQuiet(pid: number) {
  if (!pid || !fs.existsSync(`/proc/${pid}/stat`)) return;
  const deadline = performance.now() + 60_000;
  let last = cpuSeconds(pid);
  while (performance.now() < deadline) {
    await new Promise((r) => setTimeout(r, 1000));
    const now = cpuSeconds(pid);
    if (now - last < 0.1) return;
    last = now;
  }
  console.info('  (the server was still busy 60 s after it was ready; measuring anyway)');
}
