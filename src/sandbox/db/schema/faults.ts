import { boolean, index, integer, serial, text } from 'drizzle-orm/pg-core';
import { timestamptz } from '@/db/schema/columns.ts';
import { sandboxSchema } from './sandbox-schema.ts';

/**
 * Injected failures of every twin (`<twin>/_admin/faults`). In the database, not in memory, so
 * every API process of a multi-process run sees the same bad day. A `request` fault takes the
 * next `remaining` requests matching `pathPattern` (+ `method`), or every one until `expiresAt`;
 * `stall_snapshots` and `explorer_lag` are network-wide (the local Constellation) until `expiresAt`;
 * `drop_deliveries` loses the local X's next `remaining` webhook deliveries (or all until `expiresAt`).
 */
export const twinFaults = sandboxSchema.table(
  'twin_faults',
  {
    id: serial('id').primaryKey(),
    /** The twin's name as `GET /sandbox` lists it: x, constellation, base, llm… */
    service: text('service').notNull(),
    kind: text('kind', {
      enum: ['request', 'stall_snapshots', 'explorer_lag', 'drop_deliveries'],
    })
      .notNull()
      .default('request'),
    pathPattern: text('path_pattern').notNull().default('*'),
    method: text('method'),
    /** Answered instead of the real handling; null: only delayed, or timed out / reset. */
    status: integer('status'),
    /** How long a matching request is held first (real time: it stands for a slow service). */
    delayMs: integer('delay_ms').notNull().default(0),
    /** Held this long (or until the client gives up), then the connection is dropped. */
    timeoutMs: integer('timeout_ms'),
    /** The connection is dropped at once (after any delay): no answer at all. */
    reset: boolean('reset').notNull().default(false),
    /**
     * The request is handled first and only its answer is lost (a timeout or reset after X made
     * the post: the client cannot tell whether it was made).
     */
    afterHandling: boolean('after_handling').notNull().default(false),
    /** Uses left; null: unlimited until `expiresAt`. */
    remaining: integer('remaining'),
    /** Real time, not the sandbox clock: an outage lasts wall-clock seconds. */
    expiresAt: timestamptz('expires_at'),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [index('twin_faults_service_idx').on(t.service)],
);
