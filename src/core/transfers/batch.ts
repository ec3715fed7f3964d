import type { Db } from '../../db/client.ts';

/**
 * Group commit for the transfer flow's hot statements (issue 11, decision 0031). On one PGlite
 * every statement costs 1–2 ms of CPU however small, so concurrent transfers share them: each
 * transfer still runs its own flow, but a step's query waits until the database handle is free
 * of that step (the previous batch returned, or the next turn of the event loop) and goes out
 * with the same step of every transfer waiting then — one statement, results split per caller.
 *
 * - Keyed by the Db object: a transaction handle is its own key, so nothing is shared across
 *   transactions (each item keeps the atomicity it had).
 * - A batch that fails is retried item by item: one bad item (a constraint, a refused row)
 *   fails alone, its neighbours go through as if they had been sent alone.
 * - Items leave in the order they came: within one chain the source lock already orders them.
 */
export type BatchRun<I, R> = (db: Db, items: I[]) => Promise<R[]>;

interface Entry<I, R> {
  item: I;
  resolve: (value: R) => void;
  reject: (err: unknown) => void;
}

interface Lane<I, R> {
  queue: Entry<I, R>[];
  busy: boolean;
  scheduled: boolean;
}

/** Large enough for every sender of a busy process; bounded so one statement stays small. */
const MAX_BATCH = 200;

export function batched<I, R>(run: BatchRun<I, R>): (db: Db, item: I) => Promise<R> {
  const lanes = new WeakMap<object, Lane<I, R>>();
  const dispatch = async (db: Db, lane: Lane<I, R>) => {
    lane.scheduled = false;
    if (lane.busy || lane.queue.length === 0) return;
    const entries = lane.queue.splice(0, MAX_BATCH);
    lane.busy = true;
    try {
      await runEntries(db, run, entries);
    } finally {
      lane.busy = false;
      // What queued while this batch ran goes now, as one batch.
      if (lane.queue.length > 0) void dispatch(db, lane);
    }
  };
  return (db, item) =>
    new Promise<R>((resolve, reject) => {
      let lane = lanes.get(db);
      if (!lane) {
        lane = { queue: [], busy: false, scheduled: false };
        lanes.set(db, lane);
      }
      lane.queue.push({ item, resolve, reject });
      if (!lane.busy && !lane.scheduled) {
        lane.scheduled = true;
        const l = lane;
        setImmediate(() => void dispatch(db, l));
      }
    });
}

async function runEntries<I, R>(db: Db, run: BatchRun<I, R>, entries: Entry<I, R>[]) {
  let results: R[];
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
