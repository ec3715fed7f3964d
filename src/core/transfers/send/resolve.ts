import { rememberXAccount } from '../../auth/remember-x-account.ts';
import { ensureWalletForUser, getWalletById, type WalletRecord } from '../../wallets/index.ts';
import type { TransferDeps, TransferRecipient, TransferSource } from '../model/index.ts';
import { TransferError } from '../model/index.ts';
import { walletAtAddress, walletOfUser } from './lookups.ts';

/**
 * The source's and the recipient's wallets. Their common-case lookups (by user, by address) are
 * read-only, so both start at once and share one batch (one statement where there were two);
 * every fallback that may write (a wallet created for a user or a handle) or throw runs after, in
 * the order it always had: source first, then recipient.
 */
export async function resolveWallets(
  deps: TransferDeps,
  from: TransferSource,
  to: TransferRecipient,
): Promise<{ from: WalletRecord; to: { address: string; wallet: WalletRecord | null } }> {
  const early =
    'address' in to
      ? walletAtAddress(deps.db, to.address)
      : 'xUserId' in to
        ? walletOfUser(deps.db, to.xUserId)
        : undefined;
  // Awaited below only if the source resolves; a failure here then surfaces there.
  early?.catch(() => {});
  const source = await resolveSourceWallet(deps, from);
  return { from: source, to: await resolveRecipient(deps, to, early) };
}

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
 * Where a transfer goes: a DAG address (ours or outside), a user's wallet, or a handle's owner.
 * A handle is looked up at X at send time (deps.resolveHandle) and the money goes to the wallet
 * of the X user id X returns, recorded without a sign-in if need be (rememberXAccount); a handle
 * X does not know is refused. Never a wallet bound to the handle string (decision 0048).
 * `looked` is the address's or user's wallet lookup already under way (resolveWallets).
 */
export async function resolveRecipient(
  deps: TransferDeps,
  to: TransferRecipient,
  looked?: Promise<WalletRecord | null>,
): Promise<{ address: string; wallet: WalletRecord | null }> {
  if ('address' in to) {
    return { address: to.address, wallet: await (looked ?? walletAtAddress(deps.db, to.address)) };
  }
  if ('xUserId' in to) {
    const wallet =
      (await (looked ?? walletOfUser(deps.db, to.xUserId))) ??
      (await ensureWalletForUser(deps, to));
    return { address: wallet.dagAddress, wallet };
  }
  const account = deps.resolveHandle ? await deps.resolveHandle(to.handle) : null;
  if (!account) {
    throw new TransferError('unknown_handle', `@${to.handle} is not an X account Upsider can pay`);
  }
  await rememberXAccount(deps.db, { xUserId: account.xUserId, username: account.username ?? null });
  const wallet = await ensureWalletForUser(deps, account);
  return { address: wallet.dagAddress, wallet };
}
