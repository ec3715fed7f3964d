import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true });

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
    startDate: at('start_date').notNull(),
    endDate: at('end_date').notNull(),
    monthsPurchased: integer('months_purchased').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('subscriptions_user_end_idx').on(t.xUserId, t.endDate)],
);
