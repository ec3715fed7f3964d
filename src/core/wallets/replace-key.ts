import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { wallets } from '@/db/schema/index.ts';
import { getWalletKeyProvider } from './master-keys.ts';
import { newWalletKeyColumns } from './new-wallet-key.ts';
import type { WalletConfig } from './wallet-settings.ts';

/** A database or an open transaction on it. */
type Tx = Pick<Db, 'select' | 'update' | 'insert'>;

/**
 * Gives a wallet a fresh key (the key-compromise sweep, decision 0047). The old key columns move
 * to a new, retired wallet row superseded by this wallet: the transfer service signs from it
 * (the sweep's own transfers, and the worker's sweep of anything arriving at the old address
 * later), and it is never anyone's wallet. The wallet row keeps its id, owner, role and holds
 * and takes the new key and addresses. Run it inside the caller's transaction with the wallet
 * row locked (`for update`), so a crash leaves the old key or the whole change.
 */
export async function replaceWalletKey(
  deps: { config: WalletConfig },
  tx: Tx,
  walletId: string,
): Promise<{ retiredWalletId: string; oldAddress: string; newAddress: string }> {
  const [wallet] = await tx.select().from(wallets).where(eq(wallets.id, walletId));
  if (!wallet) throw new Error(`wallet ${walletId} not found`);
  const fresh = newWalletKeyColumns(getWalletKeyProvider(deps.config));
  // The update frees the old addresses (unique indexes) before the retired row takes them.
  await tx.update(wallets).set(fresh).where(eq(wallets.id, wallet.id));
  const [retired] = await tx
    .insert(wallets)
    .values({
      dagAddress: wallet.dagAddress,
      evmAddress: wallet.evmAddress,
      keyId: wallet.keyId,
      keyNonce: wallet.keyNonce,
      keyCiphertext: wallet.keyCiphertext,
      keyAuthTag: wallet.keyAuthTag,
      supersededByWalletId: wallet.id,
      createdAt: wallet.createdAt,
    })
    .returning({ id: wallets.id });
  if (!retired) throw new Error(`wallet ${walletId}: retired row not written`);
  return {
    retiredWalletId: retired.id,
    oldAddress: wallet.dagAddress,
    newAddress: fresh.dagAddress,
  };
}
