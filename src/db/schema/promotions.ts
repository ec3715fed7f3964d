import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';

/**
 * "promote this" / "quote this" / "comment on this": one row per request post, written when the
 * request is accepted (so the per-user and per-target daily limits count it at once), finished by
 * the promotion job with how it was published or why not.
 */
export const agentPromotions = pgTable(
  'agent_promotions',
  {
    requestPostId: text('request_post_id').primaryKey(),
    requesterId: text('requester_id').notNull(),
    targetPostId: text('target_post_id').notNull(),
    style: text('style', { enum: ['promote', 'quote', 'comment'] }).notNull(),
    /** UTC day (YYYY-MM-DD) the limits count it in. */
    day: text('day').notNull(),
    state: text('state', { enum: ['queued', 'published', 'refused'] })
      .notNull()
      .default('queued'),
    /**
     * quote: a quote post of the target (Enterprise access only); reply: under the target (its
     * author summoned us); answer: a reply to the asker with the target's link (decision 0043).
     */
    mode: text('mode', { enum: ['quote', 'reply', 'answer'] }),
    text: text('text'),
    /** The model wrote the line (false: the fallback template, the model being down). */
    byModel: text('by_model', { enum: ['yes', 'no'] }),
    refusal: text('refusal'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('agent_promotions_requester_idx').on(t.requesterId, t.day),
    index('agent_promotions_target_idx').on(t.targetPostId, t.day),
  ],
);
