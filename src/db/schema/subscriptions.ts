import {
  bigint,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';

/**
 * Paid plans, keyed by X user id (a subscriber need not have signed in to the site: payment
 * happens through the agent). Health (active / expiring soon / expired) is computed from the
 * dates, never stored (src/core/auth/subscription-health.ts).
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    xUserId: text('x_user_id').notNull(),
    tier: text('tier', { enum: ['free', 'pro', 'premium'] }).notNull(),
    /** As recorded by whoever sold it, e.g. active or cancelled. */
    status: text('status').notNull().default('active'),
    startDate: timestamptz('start_date').notNull(),
    endDate: timestamptz('end_date').notNull(),
    monthsPurchased: integer('months_purchased').notNull(),
    /** The quote this period was bought with (null for periods recorded otherwise). */
    quoteId: uuid('quote_id'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('subscriptions_user_end_idx').on(t.xUserId, t.endDate),
    uniqueIndex('subscriptions_quote_idx').on(t.quoteId),
    index('subscriptions_end_idx').on(t.endDate),
  ],
);

/**
 * A price offered to a user: the UP amount is fixed at quote time and holds until expiresAt.
 * Paying it (web or agent) uses `subscription:<id>` as the transfer's idempotency key, so a
 * quote is paid at most once. state: open → paid | refused.
 */
export const subscriptionQuotes = pgTable(
  'subscription_quotes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    xUserId: text('x_user_id').notNull(),
    tier: text('tier', { enum: ['pro', 'premium'] }).notNull(),
    durationMonths: integer('duration_months').notNull(),
    priceUsd: doublePrecision('price_usd').notNull(),
    upUsd: doublePrecision('up_usd').notNull(),
    priceUp: bigint('price_up', { mode: 'bigint' }).notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    state: text('state', { enum: ['open', 'paid', 'refused'] })
      .notNull()
      .default('open'),
    transferId: uuid('transfer_id'),
    refusalCode: text('refusal_code'),
    refusalMessage: text('refusal_message'),
    /**
     * What asked for the quote when it must be asked once (the agent: `post:<id>`), so a re-run
     * of the same post finds the same price instead of quoting, and paying, again.
     */
    requestKey: text('request_key'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('subscription_quotes_user_idx').on(t.xUserId, t.createdAt),
    uniqueIndex('subscription_quotes_request_idx').on(t.requestKey),
  ],
);
