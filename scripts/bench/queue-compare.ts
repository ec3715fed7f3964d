// Decision 0039: our durable queue (src/db/queue) against pg-boss and graphile-worker, side by side on
// one PostgreSQL server. Each queue gets its own scratch database, N no-op jobs enqueued by 4
// concurrent producers, then drained by 4 concurrent consumers (claim + run + finish each job).
//
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
//   QUEUE_COMPARE_DIR=/tmp/qbench node --import tsx scripts/bench/queue-compare.ts
//
// The candidates are not dependencies of the product: install them in a folder of their own
// (`npm install pg-boss@10.4.2 graphile-worker@0.17.3 pg` there) and name it in QUEUE_COMPARE_DIR.
// Without it only our queue runs. QUEUE_COMPARE_JOBS (default 10000), QUEUE_COMPARE_ROUNDS (2).
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { drainJobs, enqueueJob } from '@/db/queue/index.ts';
import { createScratchPostgres } from '../../tests/support/test-db.ts';

const ADMIN = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_ADMIN_URL;
const JOBS = Number(process.env.QUEUE_COMPARE_JOBS ?? 10_000);
const ROUNDS = Number(process.env.QUEUE_COMPARE_ROUNDS ?? 2);
const CONCURRENCY = 4;
/** Jobs one consumer claims at a time: drainJobs' default, and pg-boss's batchSize to match. */
const BATCH = 5;

interface Figures {
  enqueuePerSec: number;
  drainPerSec: number;
}

/** Runs `n` calls of `one(i)` from `CONCURRENCY` concurrent loops. */
async function spread(n: number, one: (i: number) => Promise<unknown>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < n) await one(next++);
    }),
  );
}

const perSec = (n: number, startedMs: number) =>
  Math.round(n / ((performance.now() - startedMs) / 1000));

async function scratch(prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(ADMIN!);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: ADMIN });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

async function ours(): Promise<Figures> {
  const database = await createScratchPostgres(ADMIN!, 'queue_compare_ours');
  try {
    const { db } = database;
    let started = performance.now();
    await spread(JOBS, (i) => enqueueJob(db, { kind: 'noop', key: `noop:${i}`, payload: {} }));
    const enqueuePerSec = perSec(JOBS, started);
    started = performance.now();
    let done = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async (_, w) => {
        for (;;) {
          const ran = await drainJobs(db, {
            workerId: `bench-${w}`,
            handlers: { noop: async () => null },
            now: () => new Date(),
            limit: BATCH,
          });
          done += ran;
          if (ran === 0) return;
        }
      }),
    );
    if (done !== JOBS) throw new Error(`ours ran ${done} of ${JOBS}`);
    return { enqueuePerSec, drainPerSec: perSec(JOBS, started) };
  } finally {
    await database.close();
  }
}

type PgBossJob = { id: string };
interface PgBossLike {
  on(event: 'error', fn: (e: Error) => void): void;
  start(): Promise<unknown>;
  stop(opts: object): Promise<void>;
  createQueue(name: string, opts?: object): Promise<void>;
  send(name: string, data: object): Promise<string | null>;
  fetch(name: string, opts: object): Promise<PgBossJob[] | null>;
  complete(name: string, id: string): Promise<unknown>;
}

/** pg-boss through fetch/complete loops (its `work()` sleeps its polling interval between batches). */
async function pgBoss(load: NodeRequire): Promise<Figures> {
  const { url, drop } = await scratch('queue_compare_pgboss');
  const PgBoss = load('pg-boss') as new (o: object) => PgBossLike;
  const boss = new PgBoss({ connectionString: url, max: 10, schedule: false, supervise: false });
  boss.on('error', (e) => console.error('pg-boss:', e.message));
  try {
    await boss.start();
    await boss.createQueue('noop');
    let started = performance.now();
    await spread(JOBS, () => boss.send('noop', {}));
    const enqueuePerSec = perSec(JOBS, started);
    started = performance.now();
    let done = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        for (;;) {
          const jobs = (await boss.fetch('noop', { batchSize: BATCH })) ?? [];
          if (jobs.length === 0) return;
          // Each job settled on its own, as a job whose effect commits with its completion must.
          for (const job of jobs) await boss.complete('noop', job.id);
          done += jobs.length;
        }
      }),
    );
    if (done !== JOBS) throw new Error(`pg-boss ran ${done} of ${JOBS}`);
    return { enqueuePerSec, drainPerSec: perSec(JOBS, started) };
  } finally {
    await boss.stop({ graceful: false, wait: true });
    await drop();
  }
}

interface GraphileLike {
  Logger: new (factory: () => () => void) => unknown;
  makeWorkerUtils(o: object): Promise<{
    migrate(): Promise<void>;
    addJob(task: string, payload: object): Promise<unknown>;
    release(): Promise<void>;
  }>;
  run(o: object): Promise<{
    events: { on(event: string, fn: () => void): void };
    stop(): Promise<void>;
  }>;
}

/** graphile-worker through its own runner (concurrency 4, a new job asked for as each one ends). */
async function graphile(load: NodeRequire): Promise<Figures> {
  const { url, drop } = await scratch('queue_compare_graphile');
  const gw = load('graphile-worker') as GraphileLike;
  const logger = new gw.Logger(() => () => {});
  const utils = await gw.makeWorkerUtils({ connectionString: url, logger });
  try {
    await utils.migrate();
    let started = performance.now();
    await spread(JOBS, () => utils.addJob('noop', {}));
    const enqueuePerSec = perSec(JOBS, started);
    let done = 0;
    let allDone: () => void = () => {};
    const finished = new Promise<void>((resolve) => {
      allDone = resolve;
    });
    started = performance.now();
    const runner = await gw.run({
      connectionString: url,
      concurrency: CONCURRENCY,
      maxPoolSize: 10,
      pollInterval: 1000,
      noHandleSignals: true,
      taskList: { noop: async () => {} },
      // Its default logger writes a line per job; silent, as ours is here.
      logger,
    });
    runner.events.on('job:success', () => {
      if (++done === JOBS) allDone();
    });
    await finished;
    const drainPerSec = perSec(JOBS, started);
    await runner.stop();
    return { enqueuePerSec, drainPerSec };
  } finally {
    await utils.release();
    await drop();
  }
}

async function main() {
  if (!ADMIN) throw new Error('queue-compare needs TEST_DATABASE_URL=postgres://… (an admin URL)');
  const dir = process.env.QUEUE_COMPARE_DIR;
  const load = dir ? createRequire(path.join(path.resolve(dir), 'package.json')) : null;
  const runs: Record<string, () => Promise<Figures>> = { ours };
  if (load) {
    runs['pg-boss'] = () => pgBoss(load);
    runs['graphile-worker'] = () => graphile(load);
  }
  const version = (name: string) =>
    load ? (load(`${name}/package.json`) as { version: string }).version : '';
  console.info(
    `${JOBS} no-op jobs, ${CONCURRENCY} producers then ${CONCURRENCY} consumers, ${ROUNDS} rounds`,
  );
  const order = Object.entries(runs);
  for (let round = 1; round <= ROUNDS; round++) {
    // Each round starts with a different queue, so a busy spell on the shared machine does not
    // always fall on the same one; the load average is printed with every line.
    for (let k = 0; k < order.length; k++) {
      const [name, run] = order[(round - 1 + k) % order.length]!;
      const f = await run();
      const label = name === 'ours' ? 'ours' : `${name}@${version(name)}`;
      console.info(
        `round ${round}  ${label.padEnd(24)} enqueue ${String(f.enqueuePerSec).padStart(6)}/s   claim+finish ${String(f.drainPerSec).padStart(6)}/s   load ${os.loadavg()[0]!.toFixed(1)}`,
      );
    }
  }
}

await main();
