// The start and stop the scale benches share (burst.ts, multi-process.ts): a scratch PostgreSQL
// database of their own, the scale run on it (tests/support/scale-run.ts) with its 2 API
// processes, the wait for every transfer to end, and each process stopped as a deploy stops it.
// faults-processes.ts starts its run the same way but closes it its own way (a guarded close).
import { sql } from 'drizzle-orm';
import {
  type Child,
  type ScaleRun,
  type ScaleRunOptions,
  startScaleRun,
} from '../../tests/support/scale-run.ts';
import { createScratchPostgres } from '../../tests/support/test-db.ts';

type ApiProcess = Awaited<ReturnType<ScaleRun['api']>>;
type Stopped = Awaited<ReturnType<ScaleRun['terminate']>>;

/** What a bench chooses; the database, the development build, leases and snapshots are set. */
export type BenchScaleOptions = Omit<
  ScaleRunOptions,
  'database' | 'nodeEnv' | 'leaseMs' | 'snapshotIntervalMs'
>;

/** BENCH_DATABASE_URL: the PostgreSQL server a bench makes its scratch database on. */
export const benchAdminUrl = () =>
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The scale run as every bench runs it: the development build, 10 s leases, 0.5 s snapshots. */
export function startBenchScaleRun(
  database: ScaleRunOptions['database'],
  options: BenchScaleOptions,
) {
  return startScaleRun({
    database,
    nodeEnv: 'development',
    leaseMs: 10_000,
    snapshotIntervalMs: 500,
    ...options,
  });
}

/**
 * Runs `body` on a scale run over a new database named `<prefix>_…` on benchAdminUrl()'s
 * server, with API processes `api-1` and `api-2` ready (the array is the body's to restart
 * into). Whatever happens, the run's processes are killed, then the database is closed and
 * dropped.
 */
export async function withBenchScaleRun(
  prefix: string,
  options: BenchScaleOptions,
  body: (r: ScaleRun, apis: ApiProcess[]) => Promise<void>,
): Promise<void> {
  const database = await createScratchPostgres(benchAdminUrl(), prefix);
  let run: ScaleRun | undefined;
  try {
    run = await startBenchScaleRun(database, options);
    await body(run, [await run.api('api-1'), await run.api('api-2')]);
  } finally {
    await run?.close();
    await database.close().catch(() => {});
  }
}

/** Waits up to 2 minutes until no transfer is still under way (confirmed, rejected or failed). */
export async function waitTransfersEnded(r: ScaleRun) {
  for (let waited = 0; waited < 120_000; waited += 500) {
    const [open] = await r.query<{ n: number }>(sql`
      select count(*)::int as n from transfers where state not in ('confirmed', 'rejected', 'failed')`);
    if (open!.n === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** SIGTERM to each worker, then each API process, one after another: how each one exited. */
export async function stopAll(
  r: ScaleRun,
  procs: { workers: Child[]; apis: Child[] },
): Promise<{ workers: Stopped[]; apis: Stopped[] }> {
  const workers: Stopped[] = [];
  for (const w of procs.workers) workers.push(await r.terminate(w));
  const apis: Stopped[] = [];
  for (const a of procs.apis) apis.push(await r.terminate(a));
  return { workers, apis };
}
