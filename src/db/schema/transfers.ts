import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { wallets } from './wallets.ts';

/**
 * One row per transfer intent, written BEFORE anything reaches the network (decision 0002).
 * `request` is the canonical request; a repeat with the same idempotency key must match it.
 * state: pending → submitted → confirmed, or rejected (with the node's reason).
 */
export const transfers = pgTable(
  'transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    idempotencyKey: text('idempotency_key').notNull(),
    request: text('request').notNull(),
    fromWalletId: uuid('from_wallet_id')
      .notNull()
      .references(() => wallets.id),
    fromAddress: text('from_address').notNull(),
    toWalletId: uuid('to_wallet_id').references(() => wallets.id),
    toAddress: text('to_address').notNull(),
    token: text('token').notNull(),
    feeTier: text('fee_tier').notNull(),
    /** Null until planned when the request was 'all'. */
    amount: bigint('amount', { mode: 'bigint' }),
    fee: bigint('fee', { mode: 'bigint' }),
    state: text('state').notNull().default('pending'),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    /** An insufficient-balance rejection's numbers, so a replay answers them without parsing text. */
    balanceAtRejection: bigint('balance_at_rejection', { mode: 'bigint' }),
    neededAtRejection: bigint('needed_at_rejection', { mode: 'bigint' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    submittedAt: timestamptz('submitted_at'),
    confirmedAt: timestamptz('confirmed_at'),
    rejectedAt: timestamptz('rejected_at'),
  },
  (t) => [
    uniqueIndex('transfers_idempotency_key_idx').on(t.idempotencyKey),
    index('transfers_state_idx').on(t.state),
    // A wallet's history, newest first, paged by (created_at, id) (core/activity): the id makes
    // the keyset total, so a page boundary inside one timestamp neither skips nor repeats a row.
    index('transfers_from_wallet_idx').on(t.fromWalletId, t.createdAt, t.id),
    index('transfers_to_wallet_idx').on(t.toWalletId, t.createdAt, t.id),
  ],
);

/**
 * The signed network transactions of a transfer: the payment (seq 0) and the fee (seq 1).
 * Signed, hashed and stored with their parent BEFORE submission, so a restart can resubmit the
 * exact same bytes (same hash) and never a second, different transaction.
 * state: planned → submitted → confirmed, or rejected.
 */
export const transferTransactions = pgTable(
  'transfer_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transferId: uuid('transfer_id')
      .notNull()
      .references(() => transfers.id),
    seq: integer('seq').notNull(),
    kind: text('kind').notNull(),
    token: text('token').notNull(),
    sourceAddress: text('source_address').notNull(),
    destinationAddress: text('destination_address').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    parentOrdinal: bigint('parent_ordinal', { mode: 'bigint' }).notNull(),
    parentHash: text('parent_hash').notNull(),
    ordinal: bigint('ordinal', { mode: 'bigint' }).notNull(),
    hash: text('hash').notNull(),
    /** The Signed[Transaction] JSON: value and proofs (public key + signature, no secret). */
    signed: jsonb('signed').notNull(),
    state: text('state').notNull().default('planned'),
    errorMessage: text('error_message'),
    snapshotOrdinal: bigint('snapshot_ordinal', { mode: 'bigint' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    submittedAt: timestamptz('submitted_at'),
    confirmedAt: timestamptz('confirmed_at'),
    rejectedAt: timestamptz('rejected_at'),
  },
  (t) => [
    uniqueIndex('transfer_transactions_hash_idx').on(t.hash),
    uniqueIndex('transfer_transactions_transfer_seq_idx').on(t.transferId, t.seq),
    // One live transaction per position of a source's chain: a parent is never used twice.
    uniqueIndex('transfer_transactions_chain_idx')
      .on(t.sourceAddress, t.token, t.ordinal)
      .where(sql`${t.state} <> 'rejected'`),
    index('transfer_transactions_state_idx').on(t.state),
  ],
);

export type TransferRow = typeof transfers.$inferSelect;
export type TransferTransactionRow = typeof transferTransactions.$inferSelect;
