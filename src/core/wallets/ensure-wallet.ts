import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { users, wallets } from '@/db/schema/index.ts';
import { invalid, notFound } from '../errors.ts';
import { getWalletKeyProvider } from './master-keys.ts';
import { newWalletKeyColumns } from './new-wallet-key.ts';
import { getOpenHandleWallet, getWalletByUser } from './queries.ts';
import {
  isUniqueViolation,
  normalizeHandle,
  toWalletRecord,
  type WalletRecord,
} from './wallet-record.ts';
import type { WalletConfig } from './wallet-settings.ts';

export type WalletDeps = { db: Db; config: WalletConfig };

/**
 * The user's wallet, created the first time the product sees them. Never a handle's wallet: a
 * handle may change hands, so only the migration step binds one, to the X id X returns for it
 * (decision 0048). The user row must exist (users.x_user_id). Safe under concurrency: unique
 * index + re-select.
 */
export async function ensureWalletForUser(
  deps: WalletDeps,
  params: { xUserId: string },
): Promise<WalletRecord> {
  const existing = await getWalletByUser(deps, params);
  if (existing) return existing;
  const [user] = await deps.db
    .select({ xUserId: users.xUserId })
    .from(users)
    .where(eq(users.xUserId, params.xUserId));
  if (!user) throw notFound(`No user with X id ${params.xUserId}`, 'unknown_user');

  await deps.db
    .insert(wallets)
    .values({ xUserId: params.xUserId, ...newWalletKeyColumns(getWalletKeyProvider(deps.config)) })
    .onConflictDoNothing();
  const wallet = await getWalletByUser(deps, params);
  if (!wallet) throw new Error(`wallet for user ${params.xUserId} vanished after insert`);
  return wallet;
}

/**
 * A wallet bound to a handle string: the old rule for sends to a handle nobody had signed in
 * with. No product path makes one any more (decision 0048); kept for the migration's tests.
 */
export async function ensureWalletForHandle(
  deps: WalletDeps,
  params: { handle: string },
): Promise<WalletRecord> {
  const handle = normalizeHandle(params.handle);
  if (!handle) throw invalid(`"${params.handle}" is not an X handle`, 'invalid_handle');
  const existing = await getOpenHandleWallet(deps, { handle });
  if (existing) return existing;
  await deps.db
    .insert(wallets)
    .values({ handle, ...newWalletKeyColumns(getWalletKeyProvider(deps.config)) })
    .onConflictDoNothing();
  const wallet = await getOpenHandleWallet(deps, { handle });
  if (!wallet) return ensureWalletForHandle(deps, params); // claimed meanwhile: make a new one
  return wallet;
}

export type BindOutcome =
  | { outcome: 'bound'; wallet: WalletRecord }
  | { outcome: 'superseded'; wallet: WalletRecord; supersededWalletId: string };

/**
 * Binds a legacy handle wallet to the X id X returned for the handle (migrateHandleWallets is
 * the only caller: never a sign-in by handle, decision 0048). For that user:
 * - the user has no wallet yet: the handle wallet becomes theirs ('bound');
 * - the user already has one: they keep it; the handle wallet is marked superseded by it, and
 *   the transfer worker sweeps its balances into the user's wallet ('superseded', decision 0003).
 * Returns null when the handle has no open wallet. Every update is guarded, so concurrent calls
 * settle on one outcome.
 */
export async function bindHandleWalletToUser(
  deps: WalletDeps,
  params: { handle: string; xUserId: string },
): Promise<BindOutcome | null> {
  const handle = normalizeHandle(params.handle);
  if (!handle) return null;
  const handleWallet = await getOpenHandleWallet(deps, { handle });
  if (!handleWallet) return null;
  const stillOpen = and(
    eq(wallets.id, handleWallet.id),
    isNull(wallets.xUserId),
    isNull(wallets.supersededByWalletId),
  );

  let userWallet = await getWalletByUser(deps, params);
  if (!userWallet) {
    try {
      const [row] = await deps.db
        .update(wallets)
        .set({ xUserId: params.xUserId, boundAt: new Date() })
        .where(stillOpen)
        .returning();
      if (row) return { outcome: 'bound', wallet: toWalletRecord(row) };
    } catch (err) {
      if (!isUniqueViolation(err)) throw err; // the user got a wallet meanwhile: supersede
    }
    userWallet = await getWalletByUser(deps, params);
    if (!userWallet) return bindHandleWalletToUser(deps, params); // someone else took it
  }
  const [row] = await deps.db
    .update(wallets)
    .set({ supersededByWalletId: userWallet.id })
    .where(stillOpen)
    .returning({ id: wallets.id });
  if (!row) return null;
  return { outcome: 'superseded', wallet: userWallet, supersededWalletId: row.id };
}
