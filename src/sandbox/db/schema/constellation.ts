import { bigint, index, integer, jsonb, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamptz } from '@/db/schema/columns.ts';
import { sandboxSchema } from './sandbox-schema.ts';

// The local Constellation network: one ledger per token (DAG, UP, DOR). Amounts in base units.
const int64 = (name: string) => bigint(name, { mode: 'bigint' });

/** One row per token network: the latest snapshot. Locked by the one process producing snapshots. */
export const constellationNetworks = sandboxSchema.table('constellation_networks', {
  token: text('token').primaryKey(),
  metagraphId: text('metagraph_id'),
  snapshotOrdinal: int64('snapshot_ordinal').notNull(),
  snapshotHash: text('snapshot_hash').notNull(),
  snapshotAt: timestamptz('snapshot_at').notNull(),
});

/** Balance and last accepted transaction reference of each address (as in snapshot info). */
export const constellationAccounts = sandboxSchema.table(
  'constellation_accounts',
  {
    token: text('token').notNull(),
    address: text('address').notNull(),
    balance: int64('balance').notNull(),
    lastRefOrdinal: int64('last_ref_ordinal').notNull(),
    lastRefHash: text('last_ref_hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.token, t.address] })],
);

const transactionColumns = () => ({
  token: text('token').notNull(),
  hash: text('hash').notNull(),
  source: text('source').notNull(),
  destination: text('destination').notNull(),
  amount: int64('amount').notNull(),
  fee: int64('fee').notNull(),
  parentOrdinal: int64('parent_ordinal').notNull(),
  parentHash: text('parent_hash').notNull(),
  salt: int64('salt').notNull(),
  /** The signed transaction as posted (exact-integer JSON text). */
  signedJson: text('signed_json').notNull(),
  receivedAt: timestamptz('received_at').notNull(),
});

/** The L1 waiting pool: valid transactions not yet in a snapshot. One per (source, ordinal). */
export const constellationWaiting = sandboxSchema.table(
  'constellation_waiting',
  transactionColumns(),
  (t) => [
    primaryKey({ columns: [t.token, t.hash] }),
    uniqueIndex('constellation_waiting_chain_idx').on(t.token, t.source, t.parentOrdinal),
  ],
);

/** Transactions accepted in a snapshot: what the block explorer shows. */
export const constellationTransactions = sandboxSchema.table(
  'constellation_transactions',
  {
    ...transactionColumns(),
    snapshotOrdinal: int64('snapshot_ordinal').notNull(),
    snapshotHash: text('snapshot_hash').notNull(),
    blockHash: text('block_hash').notNull(),
    acceptedAt: timestamptz('accepted_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.token, t.hash] }),
    // The explorer's address pages are newest first (receivedAt desc, hash desc) and the
    // poller reads one such page per chain per snapshot: in that order the index ends the scan
    // after `limit` rows (decision 0032: ordered by snapshot ordinal, each page read all of the
    // token's transactions once the planner picked it).
    index('constellation_transactions_source_recent_idx').on(
      t.token,
      t.source,
      t.receivedAt,
      t.hash,
    ),
    index('constellation_transactions_destination_recent_idx').on(
      t.token,
      t.destination,
      t.receivedAt,
      t.hash,
    ),
    // A snapshot's transactions (the snapshot views and the explorer's per-snapshot list).
    index('constellation_transactions_snapshot_idx').on(t.token, t.snapshotOrdinal),
  ],
);

/** Snapshot history; empty snapshots are pruned beyond the most recent ones. */
export const constellationSnapshots = sandboxSchema.table(
  'constellation_snapshots',
  {
    token: text('token').notNull(),
    ordinal: int64('ordinal').notNull(),
    hash: text('hash').notNull(),
    lastSnapshotHash: text('last_snapshot_hash').notNull(),
    transactionCount: integer('transaction_count').notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.token, t.ordinal] })],
);

/**
 * What metagraphs commit into a global snapshot (its `stateChannelSnapshots`), written by the
 * local Digital Evidence service when a batch is finalized (decision 0051). A snapshot with one
 * is never pruned: a verifier reads it back to check the anchor.
 */
export const constellationStateChannels = sandboxSchema.table(
  'constellation_state_channels',
  {
    token: text('token').notNull(),
    ordinal: int64('ordinal').notNull(),
    metagraphId: text('metagraph_id').notNull(),
    content: jsonb('content').notNull(),
  },
  (t) => [index('constellation_state_channels_idx').on(t.token, t.ordinal)],
);
