import { eq, sql } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';
import {
  ensureWalletForHandle,
  ensureWalletForUser,
  getWalletById,
  type WalletRecord,
} from '../wallets/index.ts';
import { walletAtAddress, walletOfUser } from './batched-reads.ts';
import { TransferError } from './errors.ts';
import type { TransferDeps, TransferRecipient, TransferSource } from './types.ts';

export async function resolveSourceWallet(
  deps: TransferDeps,
  from: TransferSource,
): Promise<WalletRecord> {
  // The common case (an existing wallet) is a lookup shared with concurrent transfers.
  if ('xUserId' in from) {
    return (await walletOfUser(deps.db, from.xUserId)) ?? ensureWalletForUser(deps, from);
  }
  const wallet = await getWalletById(deps, from);
  if (!wallet) throw new TransferError('unknown_wallet', `No wallet ${from.walletId}`);
  return wallet;
}

/**
 * Where a transfer goes: a DAG address (ours or outside), a user's wallet, or a handle's.
 * A handle resolves to its X user (deps.resolveHandle, else the users table); a handle nobody
 * has claimed gets its own wallet, bound to the user when they appear.
 */
export async function resolveRecipient(
  deps: TransferDeps,
  to: TransferRecipient,
): Promise<{ address: string; wallet: WalletRecord | null }> {
  if ('address' in to) {
    return { address: to.address, wallet: await walletAtAddress(deps.db, to.address) };
  }
  if ('xUserId' in to) {
    const wallet =
      (await walletOfUser(deps.db, to.xUserId)) ?? (await ensureWalletForUser(deps, to));
    return { address: wallet.dagAddress, wallet };
  }
  const user = await findUserByHandle(deps, to.handle);
  const wallet = user
    ? await ensureWalletForUser(deps, user)
    : await ensureWalletForHandle(deps, { handle: to.handle });
  return { address: wallet.dagAddress, wallet };
}

/**
 * X is the authority on who holds a handle now (handles change hands); without it, the latest
 * username the product stored. Null: nobody the product knows holds it.
 */
async function findUserByHandle(deps: TransferDeps, handle: string) {
  if (deps.resolveHandle) {
    const fromX = await deps.resolveHandle(handle);
    if (!fromX) return null;
    const [known] = await deps.db
      .select({ xUserId: users.xUserId })
      .from(users)
      .where(eq(users.xUserId, fromX.xUserId));
    return known ?? null; // not stored yet: the handle wallet waits for them
  }
  const [row] = await deps.db
    .select({ xUserId: users.xUserId })
    .from(users)
    .where(eq(sql`lower(${users.username})`, handle.toLowerCase()));
  return row ?? null;
}
