import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { type Db, lockPoolOf } from '@/db/client.ts';
import * as schema from '@/db/schema/index.ts';

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
 * - PostgreSQL: a session advisory lock on a dedicated connection of the database's lock pool;
 *   `fn` gets the shared pool, so its statements batch with other chains' (decision 0031) and
 *   commit at once (they must be durable before submission). A lock can never starve them of
 *   connections: locks have their own pool. A crashed process's lock dies with its socket; a
 *   lock lost while `fn` still runs (its connection cut) cannot reuse a parent either: the
 *   chain's unique index refuses a second live leg at one ordinal.
 *   Without a lock pool (a Db made elsewhere) `fn` runs on the lock's own connection.
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
    const { conn, lockedDb } = await lockConnection(db, client);
    let broken: Error | undefined;
    try {
      await conn.query('select pg_advisory_lock($1, hashtext($2))', [LOCK_CLASS, address]);
      return await fn(lockedDb);
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

/**
 * Like withSourceLock, but never waits: returns `{ ran: false }` at once when the lock is held
 * (here or, on PostgreSQL, by another process). For the confirmation poller: a held chain is
 * being worked on by its holder, and the next poll round looks again. Waiting there instead
 * queued every poll round behind the senders, one chain after another (decision 0027).
 */
export async function tryWithSourceLock<T>(
  db: Db,
  address: string,
  fn: (lockedDb: Db) => Promise<T>,
): Promise<{ ran: true; value: T } | { ran: false }> {
  if (queues.get(db)?.has(address)) return { ran: false };
  const client = (db as unknown as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) {
    return { ran: true, value: await inProcess(db, address, () => fn(db)) };
  }
  return inProcess(db, address, async () => {
    const { conn, lockedDb } = await lockConnection(db, client);
    let broken: Error | undefined;
    let locked = false;
    try {
      const { rows } = await conn.query<{ ok: boolean }>(
        'select pg_try_advisory_lock($1, hashtext($2)) as ok',
        [LOCK_CLASS, address],
      );
      locked = rows[0]?.ok === true;
      if (!locked) return { ran: false } as const;
      return { ran: true, value: await fn(lockedDb) } as const;
    } catch (err) {
      broken = err as Error;
      throw err;
    } finally {
      try {
        if (locked)
          await conn.query('select pg_advisory_unlock($1, hashtext($2))', [LOCK_CLASS, address]);
        conn.release();
      } catch (unlockErr) {
        conn.release((broken ?? unlockErr) as Error); // destroy: closing the socket frees the lock
      }
    }
  });
}

/** The connection to hold the lock on, and the Db that `fn` runs its statements on. */
async function lockConnection(db: Db, client: pg.Pool) {
  const lockPool = lockPoolOf(db);
  if (lockPool) return { conn: await lockPool.connect(), lockedDb: db };
  const conn = await client.connect();
  const lockedDb: Db = drizzle(conn, { schema });
  return { conn, lockedDb };
}

/** First key of the two-key advisory lock: keeps these locks apart from other advisory locks. */
const LOCK_CLASS = 7_411_002;
