import { bigint, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';

/**
 * One row per paid-item use (token analysis, digital evidence, video), keyed by the caller's
 * idempotency key: a replay returns the recorded outcome. A premium subscriber's free use holds
 * one of the day's numbered slots; the unique (user, item, UTC day, slot) index is what keeps
 * concurrent uses from taking more than the allowance (src/core/allowances).
 */
export const allowanceCharges = pgTable(
  'allowance_charges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    idempotencyKey: text('idempotency_key').notNull(),
    xUserId: text('x_user_id').notNull(),
    item: text('item', { enum: ['token_analysis', 'digital_evidence', 'video'] }).notNull(),
    /** The UTC calendar day of the use, YYYY-MM-DD. */
    utcDay: text('utc_day').notNull(),
    /**
     * free: inside the allowance; held: the price is held in the wallet (balance_holds, same
     * key) while the work runs; paying: transfer under way; paid; refused: nothing moved;
     * released: the work ended undelivered, its hold or free slot given back.
     */
    state: text('state', {
      enum: ['free', 'held', 'paying', 'paid', 'refused', 'released'],
    }).notNull(),
    /** 1..N for a free use, null otherwise. */
    freeSlot: integer('free_slot'),
    /** Base units charged (0 for free). */
    price: bigint('price', { mode: 'bigint' }).notNull(),
    transferId: uuid('transfer_id'),
    refusalCode: text('refusal_code'),
    refusalMessage: text('refusal_message'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('allowance_charges_key_idx').on(t.idempotencyKey),
    uniqueIndex('allowance_charges_slot_idx').on(t.xUserId, t.item, t.utcDay, t.freeSlot),
    index('allowance_charges_user_day_idx').on(t.xUserId, t.utcDay),
  ],
);
