import { sql } from 'drizzle-orm';
import { jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { wallets } from './wallets.ts';

/**
 * A key-compromise sweep (`npm run wallets:sweep`, decision 0047): every custodial wallet gets a
 * fresh key and its funds move from the old address to the new one. At most one run is open
 * (state 'running'); re-running the command continues it.
 */
export const walletSweepRuns = pgTable(
  'wallet_sweep_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** 'running' | 'done' */
    state: text('state').notNull().default('running'),
    startedAt: timestamptz('started_at').notNull().defaultNow(),
    finishedAt: timestamptz('finished_at'),
  },
  (t) => [uniqueIndex('wallet_sweep_runs_open_idx').on(t.state).where(sql`${t.state} = 'running'`)],
);

/** What should move per token: the transfer id, or null when the old address held none. */
export type SweepMoves = Record<string, { transferId: string | null }>;

/**
 * One wallet of a run. 'pending' → 'rekeyed' (one transaction: the old key moved to a retired
 * wallet row superseded by this wallet, the wallet row given a fresh key) → 'moved' (every
 * token's transfer from the retired row confirmed, or nothing was there) | 'failed'.
 */
export const walletSweepItems = pgTable(
  'wallet_sweep_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    runId: uuid('run_id')
      .notNull()
      .references(() => walletSweepRuns.id),
    walletId: uuid('wallet_id')
      .notNull()
      .references(() => wallets.id),
    state: text('state').notNull().default('pending'),
    /** The retired row holding the old key (the old address): late funds are swept from it. */
    retiredWalletId: uuid('retired_wallet_id').references(() => wallets.id),
    oldAddress: text('old_address'),
    newAddress: text('new_address'),
    moves: jsonb('moves').$type<SweepMoves>().notNull().default({}),
    error: text('error'),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('wallet_sweep_items_run_wallet_idx').on(t.runId, t.walletId),
    uniqueIndex('wallet_sweep_items_retired_idx').on(t.retiredWalletId),
  ],
);

export type WalletSweepItemRow = typeof walletSweepItems.$inferSelect;
