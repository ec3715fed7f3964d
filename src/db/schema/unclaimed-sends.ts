import { sql } from 'drizzle-orm';
import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { transfers } from './transfers.ts';
import { users } from './users.ts';

/**
 * A send to an X account that has never signed in (decision 0048): the money waits in the wallet
 * keyed by the recipient's X id until they do, or goes back to the sender after
 * UNCLAIMED_RETURN_DAYS. One row per send (its transfer), so a return is keyed on it once.
 * state: held → claimed (they signed in) | returning → returned | return_failed.
 */
export const unclaimedSends = pgTable(
  'unclaimed_sends',
  {
    transferId: uuid('transfer_id')
      .primaryKey()
      .references(() => transfers.id),
    /** Null only for a legacy handle wallet X no longer knows (migrated, returned at once). */
    recipientXUserId: text('recipient_x_user_id').references(() => users.xUserId),
    state: text('state', {
      enum: ['held', 'claimed', 'returning', 'returned', 'return_failed'],
    })
      .notNull()
      .default('held'),
    returnAfter: timestamptz('return_after').notNull(),
    /** The transfers that brought the money (and the fee) back, keyed `unclaimed-return…:<id>`. */
    returnTransferId: uuid('return_transfer_id').references(() => transfers.id),
    feeReturnTransferId: uuid('fee_return_transfer_id').references(() => transfers.id),
    error: text('error'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    settledAt: timestamptz('settled_at'),
  },
  (t) => [
    index('unclaimed_sends_due_idx')
      .on(t.returnAfter)
      .where(sql`${t.state} in ('held', 'returning')`),
    index('unclaimed_sends_recipient_idx').on(t.recipientXUserId).where(sql`${t.state} = 'held'`),
  ],
);
