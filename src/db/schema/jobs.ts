import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';

/**
 * The durable job queue every background task shares (`src/db/queue`): one row per job, keyed by
 * an idempotency `key` (a second enqueue of the same work is a no-op), claimed by workers with
 * FOR UPDATE SKIP LOCKED and a lease that a crashed worker's claim outlives only until it ends.
 * `failed` is the dead letter: a permanent error, or `max_attempts` retryable ones.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    kind: text('kind').notNull(),
    key: text('key').notNull().unique(),
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: ['pending', 'done', 'failed'] })
      .notNull()
      .default('pending'),
    /** Higher leaves first (a Premium subscriber's work before a free user's). */
    priority: smallint('priority').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    lockedBy: text('locked_by'),
    lockedUntil: timestamptz('locked_until'),
    lastError: text('last_error'),
    /** What the job produced, for whoever looks it up by key (a receipt, a page). */
    result: jsonb('result'),
    /** Free-form progress a long job reports while it runs (a render's stage). */
    progress: text('progress'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    finishedAt: timestamptz('finished_at'),
  },
  (t) => [
    index('jobs_due_idx')
      .on(t.kind, t.priority.desc().nullsFirst(), t.nextAttemptAt, t.id)
      .where(sql`${t.status} = 'pending'`),
  ],
);
