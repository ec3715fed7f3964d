import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';

/**
 * AI token analyses (`@agent analyze $UP`), one per request post. The row is written once the
 * model has answered and before anything is charged, so a re-run after a crash reuses the text
 * (no second model call) and charges under the same key. Public at /analyses/{id} once paid.
 */
export const tokenAnalyses = pgTable(
  'token_analyses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The post that asked for it: the idempotency key of the whole operation. */
    requestPostId: text('request_post_id').notNull().unique(),
    requesterId: text('requester_id').notNull(),
    requesterUsername: text('requester_username').notNull(),
    token: text('token').notNull(),
    /** The figures sent to the model (shared/analyses/contract.ts `analysisFigures`). */
    figures: jsonb('figures').notNull(),
    /** The model's markdown, untrusted: rendered sanitized, never acted on. */
    text: text('text').notNull(),
    model: text('model').notNull(),
    /** Written by the local LLM twin (labelled as the sandbox in the reply and the page). */
    sandbox: text('sandbox', { enum: ['yes', 'no'] }).notNull(),
    /** written: model answered, charge pending; published: charged (or free); unpaid: refused. */
    state: text('state', { enum: ['written', 'published', 'unpaid'] })
      .notNull()
      .default('written'),
    chargeId: text('charge_id'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('token_analyses_requester_idx').on(t.requesterId, t.createdAt)],
);
