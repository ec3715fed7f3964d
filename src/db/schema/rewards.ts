import { bigint, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';

/**
 * A closed reward month ('2026-10', UTC): its winners are decided once, when the row is written
 * with its payouts in one transaction, so a re-run pays the same people the same amounts.
 */
export const rewardMonths = pgTable('reward_months', {
  month: text('month').primaryKey(),
  pool: bigint('pool', { mode: 'bigint' }).notNull(),
  closedAt: timestamptz('closed_at').notNull().defaultNow(),
});

/**
 * One winner's payout of a month: paid from the rewards wallet through the transfer service with
 * the key `reward:<month>:<user id>`, at most once. state: planned → paid | failed (the reason).
 */
export const rewardPayouts = pgTable(
  'reward_payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    month: text('month')
      .notNull()
      .references(() => rewardMonths.month),
    xUserId: text('x_user_id').notNull(),
    rank: integer('rank').notNull(),
    activityCount: integer('activity_count').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    state: text('state', { enum: ['planned', 'paid', 'failed'] })
      .notNull()
      .default('planned'),
    transferId: uuid('transfer_id'),
    error: text('error'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reward_payouts_month_user_idx').on(t.month, t.xUserId),
    index('reward_payouts_user_idx').on(t.xUserId),
  ],
);
