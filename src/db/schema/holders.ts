import { sql } from 'drizzle-orm';
import { bigint, check, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';

/**
 * The latest published ranking per network ('constellation' | 'base'), stored pre-serialized so a
 * restarted (or another) API process serves the last good figures before any indexer pass.
 */
export const holderRankings = pgTable('holder_rankings', {
  network: text('network').primaryKey(),
  /** The exact JSON body `GET /api/wallets` / `GET /api/base-wallets` answers with. */
  body: text('body').notNull(),
  etag: text('etag').notNull(),
  /** Time of the snapshot / block the figures are from. */
  asOf: timestamptz('as_of').notNull(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

/** Base indexer position per contract: the last block whose Transfer logs are applied. */
export const baseIndexerCursors = pgTable('base_indexer_cursors', {
  contract: text('contract').primaryKey(),
  lastBlock: bigint('last_block', { mode: 'bigint' }).notNull(),
  /** Hash of lastBlock when it was read: a different hash later means the chain was reorganised. */
  lastBlockHash: text('last_block_hash').notNull(),
  lastBlockTime: timestamptz('last_block_time').notNull(),
  /**
   * The block just below the next re-read window and its hash: if that block changes, the
   * reorganisation went deeper than the window (or the chain was replaced): index again from start.
   */
  anchorBlock: bigint('anchor_block', { mode: 'bigint' }),
  anchorHash: text('anchor_hash'),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

/** Current Base balance of every holder (raw token units; the zero address collects burns). */
export const baseHolderBalances = pgTable(
  'base_holder_balances',
  {
    contract: text('contract').notNull(),
    address: text('address').notNull(),
    balance: numeric('balance', { precision: 78, scale: 0, mode: 'bigint' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.contract, t.address] }),
    check('base_holder_balances_not_negative', sql`${t.balance} >= 0`),
  ],
);

/**
 * Transfer logs applied from the recent blocks the indexer re-reads (reorg window). The key
 * (tx hash, log index) dedupes; a log no longer returned for its block range is undone.
 * Older rows are pruned: nothing below the window is read again.
 */
export const baseRecentTransfers = pgTable(
  'base_recent_transfers',
  {
    contract: text('contract').notNull(),
    txHash: text('tx_hash').notNull(),
    logIndex: bigint('log_index', { mode: 'number' }).notNull(),
    blockNumber: bigint('block_number', { mode: 'bigint' }).notNull(),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address').notNull(),
    value: numeric('value', { precision: 78, scale: 0, mode: 'bigint' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.contract, t.txHash, t.logIndex] })],
);
