import pg from 'pg';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import type { Db } from '@/db/client.ts';

export type Hit = { ok: true } | { ok: false; retryAfterS: number };

/**
 * Counts hits per key in fixed windows: `limit` hits, then refused until the window (started by
 * the key's first hit) ends. One interface, two stores (decision 0038): on PostgreSQL the
 * counters live in the `rate_limits` table, so every API process and every restart share one
 * count; on embedded PGlite (one process by construction) they live in memory.
 */
export interface Limiter {
  /** Records a hit; `retryAfterS` is set when the key is over its limit for this window. */
  hit(key: string): Promise<Hit>;
  /** Seconds to wait when the key is already at its limit, without counting a hit; else null. */
  blocked(key: string): Promise<number | null>;
}

const TABLE = 'rate_limits';

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** The pool behind `db` when it is PostgreSQL (drizzle's node-postgres `$client`), else null. */
function poolOf(db: Db): pg.Pool | null {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : null;
}

/**
 * A limit named `name` (the key's prefix, one per limit) of `limit` hits per `windowMs`, kept
 * where `db` lets every process see it.
 */
export function createLimiter(db: Db, name: string, limit: number, windowMs: number): Limiter {
  const duration = Math.max(1, Math.round(windowMs / 1000));
  const memory = () => new RateLimiterMemory({ keyPrefix: name, points: limit, duration });
  const pool = poolOf(db);
  const store: RateLimiterAbstract = pool
    ? new RateLimiterPostgres({
        storeClient: pool,
        storeType: 'pool',
        tableName: TABLE,
        // drizzle/0024 created it: no DDL at run time.
        tableCreated: true,
        keyPrefix: name,
        points: limit,
        duration,
        // A key refused once is refused from memory until its window ends, so a flood past the
        // limit costs no query; the window's end comes from the shared row.
        inMemoryBlockOnConsumed: limit + 1,
        // PostgreSQL unreachable: each process limits on its own meanwhile, as before 0038.
        insuranceLimiter: memory(),
      })
    : memory();

  return {
    async hit(key) {
      try {
        await store.consume(key);
        return { ok: true };
      } catch (err) {
        if (err instanceof RateLimiterRes) {
          return { ok: false, retryAfterS: seconds(err.msBeforeNext) };
        }
        throw err;
      }
    },
    async blocked(key) {
      const res = await store.get(key);
      if (!res || res.consumedPoints < limit) return null;
      return seconds(res.msBeforeNext);
    },
  };
}
