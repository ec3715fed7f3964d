import pg from 'pg';
import type { Db } from './client.ts';

/**
 * Group commit (decision 0031). On one PGlite every statement costs ~0.5–2 ms of CPU
 * however small, so concurrent callers of a hot step share one statement: each caller still runs
 * its own flow and passes one item; the item waits until the database has room for a batch (next
 * turn of the event loop when idle; else when a batch in flight returns) and goes out with every
 * other item of that step waiting then. One statement per batch, results split back per caller.
 *
 * - Keyed by the Db object: a transaction handle is its own key, so nothing is shared across
 *   transactions (each item keeps the atomicity it had).
 * - A batch that fails is retried item by item: one bad item (a constraint, a refused row)
 *   fails alone, its neighbours go through as if they had been sent alone.
 * - Items of one step leave in the order they came and are answered in that order.
 */
export type BatchRun<I, R> = (db: Db, items: I[]) => Promise<R[]>;

interface Entry<I, R> {
  item: I;
  seq: number;
  resolve: (value: R) => void;
  reject: (err: unknown) => void;
}

interface Lane {
  queue: Entry<unknown, unknown>[];
  busy: boolean;
  run: BatchRun<unknown, unknown>;
}

/**
 * One per database handle: how many batches may be in flight at once. PGlite runs one statement
 * at a time anyway, so one batch at a time there: while it runs, every other step's callers
 * gather, and the next batch is as large as the load makes it (no timer, no added wait when
 * idle). PostgreSQL works on several connections: a few batches at once, one per step.
 */
interface Scheduler {
  lanes: Lane[];
  inFlight: number;
  limit: number;
  scheduled: boolean;
}

/** Large enough for every sender of a busy process; bounded so one statement stays small. */
const MAX_BATCH = 200;
let nextSeq = 0;

const schedulers = new WeakMap<object, Scheduler>();
function schedulerOf(db: Db): Scheduler {
  let s = schedulers.get(db);
  if (!s) {
    const client = (db as unknown as { $client?: unknown }).$client;
    s = { lanes: [], inFlight: 0, limit: client instanceof pg.Pool ? 4 : 1, scheduled: false };
    schedulers.set(db, s);
  }
  return s;
}

/** Starts batches while the database has room, the step whose caller waited longest first. */
function pump(db: Db, s: Scheduler) {
  s.scheduled = false;
  while (s.inFlight < s.limit) {
    let lane: Lane | undefined;
    for (const l of s.lanes) {
      if (!l.busy && l.queue.length > 0 && (!lane || l.queue[0]!.seq < lane.queue[0]!.seq)) {
        lane = l;
      }
    }
    if (!lane) return;
    const entries = lane.queue.splice(0, MAX_BATCH);
    const l = lane;
    l.busy = true;
    s.inFlight++;
    void runEntries(db, l.run, entries).finally(() => {
      l.busy = false;
      s.inFlight--;
      pump(db, s);
    });
  }
}

/** Batches and items per step, for the bench (scripts/bench/transfers.ts BATCH_STATS=1). */
export const batchCounts = new Map<string, { batches: number; items: number }>();

/**
 * Wraps `run` (one statement for many items, results in item order) so that each caller passes
 * one item and gets its own result. `name` labels the step in batchCounts.
 */
export function batched<I, R>(name: string, run0: BatchRun<I, R>): (db: Db, item: I) => Promise<R> {
  const count = { batches: 0, items: 0 };
  batchCounts.set(name, count);
  const run: BatchRun<I, R> = (db, items) => {
    count.batches++;
    count.items += items.length;
    return run0(db, items);
  };
  const lanes = new WeakMap<object, Lane>();
  return (db, item) =>
    new Promise<R>((resolve, reject) => {
      const s = schedulerOf(db);
      let lane = lanes.get(db);
      if (!lane) {
        lane = { queue: [], busy: false, run: run as BatchRun<unknown, unknown> };
        lanes.set(db, lane);
        s.lanes.push(lane);
      }
      lane.queue.push({ item, seq: nextSeq++, resolve: resolve as (v: unknown) => void, reject });
      // Next turn of the event loop: callers released together (one batch's) join one batch.
      if (!s.scheduled && s.inFlight < s.limit) {
        s.scheduled = true;
        setImmediate(() => pump(db, s));
      }
    });
}

async function runEntries(
  db: Db,
  run: BatchRun<unknown, unknown>,
  entries: Entry<unknown, unknown>[],
): Promise<void> {
  let results: unknown[];
  try {
    results = await run(
      db,
      entries.map((e) => e.item),
    );
  } catch (err) {
    if (entries.length === 1) {
      entries[0]!.reject(err);
      return;
    }
    // One item may have failed the statement: each alone, so only that one sees the error.
    await Promise.all(entries.map((e) => runEntries(db, run, [e])));
    return;
  }
  for (const [i, e] of entries.entries()) e.resolve(results[i]!);
}
