import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';

/**
 * Money set aside in a custodial wallet for paid work that is under way (decision 0037): placed
 * under the wallet's source lock when the request is accepted, and respected by every later spend
 * from that wallet (the transfer plan and the balance users see subtract the live ones). The key
 * is the idempotency key of the transfer that will charge it: that transfer alone may spend the
 * held amount, and storing its legs marks the hold charged in the same statement.
 * state: held → charged (its transfer took it over) or released (the work ended unpaid).
 * A hold past `expires_at` no longer counts: a safety net for work that never ended.
 */
export const balanceHolds = pgTable(
  'balance_holds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    idempotencyKey: text('idempotency_key').notNull(),
    address: text('address').notNull(),
    token: text('token').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    state: text('state', { enum: ['held', 'charged', 'released'] })
      .notNull()
      .default('held'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    settledAt: timestamptz('settled_at'),
  },
  (t) => [
    uniqueIndex('balance_holds_key_idx').on(t.idempotencyKey),
    // Only live holds: a wallet with none costs the transfer plan an empty index probe.
    index('balance_holds_live_idx').on(t.address, t.token).where(sql`${t.state} = 'held'`),
  ],
);

export type BalanceHoldRow = typeof balanceHolds.$inferSelect;
