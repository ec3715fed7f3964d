import { sql } from 'drizzle-orm';
import { type AnyPgColumn, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { users } from './users.ts';

/**
 * Custodial wallets: one per X user (keyed by X's numeric id), one per handle that received funds
 * before its owner was known, and the system wallets (treasury, fees, rewards).
 * The private key is stored only as AES-256-GCM ciphertext; the AAD is `dag_address`, so a
 * ciphertext copied onto another row no longer decrypts (src/core/wallets/key-encryption.ts).
 */
export const wallets = pgTable(
  'wallets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Owner. Null while the wallet is bound to a handle only, and for system wallets. */
    xUserId: text('x_user_id').references(() => users.xUserId),
    /** Lowercased handle the wallet was created for (kept as history once bound to a user). */
    handle: text('handle'),
    /** 'treasury' | 'fees' | 'rewards' for the product's own wallets. */
    systemRole: text('system_role'),
    dagAddress: text('dag_address').notNull(),
    evmAddress: text('evm_address').notNull(),
    /** Which master key encrypted the private key (rotation: old ids keep decrypting). */
    keyId: text('key_id').notNull(),
    keyNonce: text('key_nonce').notNull(),
    keyCiphertext: text('key_ciphertext').notNull(),
    keyAuthTag: text('key_auth_tag').notNull(),
    /** A handle wallet whose user already had a wallet: its funds are swept into this one. */
    supersededByWalletId: uuid('superseded_by_wallet_id').references((): AnyPgColumn => wallets.id),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    boundAt: timestamptz('bound_at'),
    /**
     * A legacy handle wallet the migration step closed (decision 0048): bound to the X id X
     * returned, or its money returned, or kept (senders unknown). Never bound by handle again.
     */
    handleClosedAt: timestamptz('handle_closed_at'),
  },
  (t) => [
    uniqueIndex('wallets_x_user_id_idx').on(t.xUserId),
    uniqueIndex('wallets_dag_address_idx').on(t.dagAddress),
    // Substring search by address on the premium user list (ilike '%…%') through trigrams;
    // a short pending list, as users_username_trgm_idx (migration 0022).
    index('wallets_dag_address_trgm_idx')
      .using('gin', sql`${t.dagAddress} gin_trgm_ops`)
      .with({ gin_pending_list_limit: 256 }),
    uniqueIndex('wallets_evm_address_idx').on(t.evmAddress),
    uniqueIndex('wallets_system_role_idx').on(t.systemRole),
    // At most one open (unbound, not superseded) wallet per handle.
    uniqueIndex('wallets_open_handle_idx')
      .on(t.handle)
      .where(sql`${t.xUserId} is null and ${t.supersededByWalletId} is null`),
  ],
);

export type WalletRow = typeof wallets.$inferSelect;
