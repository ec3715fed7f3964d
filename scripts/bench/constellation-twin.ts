// The local Constellation network for the transfers bench, where BENCH_TWIN puts it:
// - 'own' (default): in this thread, on its own database (a network is not the product's);
// - 'shared': in this thread on the product's database (the setup of decision 0027's table);
// - 'worker': on its own database in a worker thread, as a real network runs elsewhere; on a
//   2-core machine it then takes the second core.
import { fork, type Serializable } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import type { Database } from '@/db/client.ts';
import { loadConfig } from '@/main/config.ts';
import { createLogger } from '@/main/logger.ts';
import { CONSTELLATION_SANDBOX_PATH } from '@/sandbox/constellation/client-config.ts';
import { createConstellationSandbox } from '@/sandbox/constellation/service.ts';
import { migrateSandbox } from '@/sandbox/db/migrate.ts';

export type TwinMode = 'own' | 'shared' | 'worker' | 'process';

export interface BenchTwin {
  /** Origin whose CONSTELLATION_SANDBOX_PATH serves the network. */
  publicUrl: string;
  faucet(address: string, units: bigint): Promise<void>;
  tick(): Promise<void>;
  stop(): Promise<void>;
  /** Profiles the twin's own thread (a worker or child) from start to stop; no-op in this thread. */
  profile?(op: 'start' | 'stop', file: string): Promise<void>;
  /** Milliseconds the twin's thread has been busy (event loop utilisation's active time). */
  busy(): number;
}

/** Starts the twin in this thread, on `database`, behind its own loopback HTTP server. */
export async function startTwinHere(database: Database, snapshotMs: number): Promise<BenchTwin> {
  await migrateSandbox(database);
  const config = loadConfig({
    NODE_ENV: 'test',
    WALLET_MASTER_KEYS: `twin:${randomBytes(32).toString('base64')}`,
  });
  const root = new Hono();
  const server = serve({ fetch: root.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  const publicUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const sim = await createConstellationSandbox(
    { database, config, logger: createLogger('silent'), now: () => new Date(), publicUrl },
    { snapshotIntervalMs: snapshotMs },
  );
  root.route(CONSTELLATION_SANDBOX_PATH, sim.app);
  return {
    publicUrl,
    faucet: async (address, units) => {
      await sim.faucet({ token: 'UP', address, units });
    },
    tick: async () => {
      await sim.tick();
    },
    async stop() {
      await sim.stop();
      await new Promise((resolve) => server.close(resolve));
    },
    busy: () => performance.eventLoopUtilization().active,
  };
}

/** The twin in a worker thread (constellation-twin-worker.ts), driven by messages. */
export async function startTwinInWorker(
  snapshotMs: number,
  databaseUrl?: string,
): Promise<BenchTwin> {
  const worker = new Worker(new URL('./constellation-twin-worker.mjs', import.meta.url), {
    workerData: { snapshotMs, databaseUrl },
  });
  return driveTwin(
    (f) => worker.on('message', f),
    (m) => worker.postMessage(m),
    () => worker.terminate(),
    () => worker.performance.eventLoopUtilization().active,
  );
}

/**
 * The twin in a child process: its CPU (every thread of it, from /proc) is then the twin's
 * alone, which a worker's event-loop time is not on a loaded machine.
 */
export async function startTwinInProcess(
  snapshotMs: number,
  databaseUrl?: string,
): Promise<BenchTwin> {
  const child = fork(fileURLToPath(new URL('./constellation-twin-worker.ts', import.meta.url)), {
    // BENCH_TWIN_PROF=dir writes the twin's CPU profile there.
    execArgv: [
      '--import',
      'tsx',
      ...(process.env.BENCH_TWIN_PROF
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_TWIN_PROF}`]
        : []),
    ],
    env: { ...process.env, TWIN_DATA: JSON.stringify({ snapshotMs, databaseUrl }) },
  });
  const ticks = () => {
    const stat = readFileSync(`/proc/${child.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10; // utime + stime, 100 Hz ticks → ms
  };
  return driveTwin(
    (f) => child.on('message', f),
    (m) => child.send(m as Serializable),
    // It exits by itself once stopped (so a CPU profile gets written); killed if it lingers.
    () =>
      new Promise((resolve) => {
        const timer = setTimeout(() => child.kill(), 5000);
        child.once('exit', () => resolve(clearTimeout(timer)));
      }),
    ticks,
  );
}

type Reply = { id?: number; publicUrl?: string; error?: string };

async function driveTwin(
  onMessage: (f: (m: Reply) => void) => void,
  send: (m: unknown) => void,
  end: () => Promise<unknown>,
  busy: () => number,
): Promise<BenchTwin> {
  let seq = 0;
  const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  const ready = new Promise<string>((resolve) => {
    onMessage((m) => {
      if (m.publicUrl) return resolve(m.publicUrl);
      const w = m.id === undefined ? undefined : waiting.get(m.id);
      if (!w) return;
      waiting.delete(m.id!);
      if (m.error) w.reject(new Error(m.error));
      else w.resolve(undefined);
    });
  });
  const call = (op: string, args: Record<string, unknown> = {}) =>
    new Promise((resolve, reject) => {
      const id = seq++;
      waiting.set(id, { resolve, reject });
      send({ id, op, ...args });
    });
  return {
    publicUrl: await ready,
    faucet: async (address, units) => {
      await call('faucet', { address, units: units.toString() });
    },
    tick: async () => {
      await call('tick');
    },
    profile: async (op, file) => {
      await call(`profile-${op}`, { file });
    },
    async stop() {
      await call('stop');
      await end();
    },
    busy,
  };
}
