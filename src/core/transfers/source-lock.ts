import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../../db/client.ts';
import * as schema from '../../db/schema/index.ts';

/** In-process queues, per database handle and key: one waiter per key reaches PostgreSQL. */
const queues = new WeakMap<object, Map<string, Promise<unknown>>>();

async function inProcess<T>(db: Db, key: string, fn: () => Promise<T>): Promise<T> {
  let byKey = queues.get(db);
  if (!byKey) {
    byKey = new Map();
    queues.set(db, byKey);
  }
  const previous = byKey.get(key) ?? Promise.resolve();
  const run = previous.then(fn, fn);
  const tail = run.catch(() => {});
  byKey.set(key, tail);
  try {
    return await run;
  } finally {
    if (byKey.get(key) === tail) byKey.delete(key);
  }
}

/**
 * Runs `fn` while holding the lock of one source address: planning and submitting of its chain
 * (parent references) happen one at a time across every process sharing the database.
 * - PostgreSQL: a session advisory lock on a dedicated connection; `fn` gets a Db on that same
 *   connection, so its writes commit immediately (they must be durable before submission) and
 *   it never waits for a second pool connection. A crashed process's lock dies with its socket.
 * - PGlite (one process): the in-process queue is the whole lock.
 * Different addresses run in parallel.
 */
export async function withSourceLock<T>(
  db: Db,
  address: string,
  fn: (lockedDb: Db) => Promise<T>,
): Promise<T> {
  return inProcess(db, address, async () => {
    const client = (db as unknown as { $client?: unknown }).$client;
    if (!(client instanceof pg.Pool)) return fn(db);
    const conn = await client.connect();
    let broken: Error | undefined;
    try {
      await conn.query('select pg_advisory_lock($1, hashtext($2))', [LOCK_CLASS, address]);
      return await fn(drizzle(conn, { schema }) as unknown as Db);
    } catch (err) {
      broken = err as Error;
      throw err;
    } finally {
      try {
        await conn.query('select pg_advisory_unlock($1, hashtext($2))', [LOCK_CLASS, address]);
        conn.release();
      } catch (unlockErr) {
        conn.release((broken ?? unlockErr) as Error); // destroy: closing the socket frees the lock
      }
    }
  });
}

/** First key of the two-key advisory lock: keeps these locks apart from other advisory locks. */
const LOCK_CLASS = 7_411_002;
