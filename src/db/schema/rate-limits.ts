import { bigint, integer, pgTable, varchar } from 'drizzle-orm/pg-core';

/**
 * Request-limit counters shared by every API process on PostgreSQL (decision 0038). The layout
 * is rate-limiter-flexible's RateLimiterPostgres table, created here so migrations own it (the
 * library is told the table exists): `key` is `<limit>:<client>`, `points` the hits in the
 * window, `expire` when the window ends (ms since epoch). Unused on PGlite (one process:
 * counters stay in memory).
 */
export const rateLimitCounters = pgTable('rate_limits', {
  key: varchar('key', { length: 255 }).primaryKey(),
  points: integer('points').notNull().default(0),
  expire: bigint('expire', { mode: 'number' }),
});
