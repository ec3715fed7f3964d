import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { transfers, walletSweepItems, wallets } from '@/db/schema/index.ts';
import { replaceWalletKey } from '../wallets/index.ts';
import type { WalletConfig } from '../wallets/wallet-settings.ts';

export class SweepError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SweepError';
  }
}

/**
 * Re-keys one item's wallet and marks the item 'rekeyed' in one transaction, the wallet row
 * locked, so a crash leaves either nothing or the new key with its item saying where the old
 * one went. An item already re-keyed is left alone. Refuses while a transfer from the wallet is
 * still in flight: its legs were signed by the old key at this wallet's id.
 */
export async function rekeyWallet(
  deps: { db: Db; config: WalletConfig },
  itemId: string,
  now: Date,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [item] = await tx
      .select()
      .from(walletSweepItems)
      .where(eq(walletSweepItems.id, itemId))
      .for('update');
    if (item?.state !== 'pending') return;
    const [wallet] = await tx
      .select({ address: wallets.dagAddress })
      .from(wallets)
      .where(eq(wallets.id, item.walletId))
      .for('update');
    if (!wallet) throw new SweepError(`wallet ${item.walletId} not found`);
    const [inFlight] = await tx
      .select({ id: transfers.id })
      .from(transfers)
      .where(
        and(
          eq(transfers.fromAddress, wallet.address),
          inArray(transfers.state, ['pending', 'submitted']),
        ),
      )
      .limit(1);
    if (inFlight) {
      throw new SweepError(
        `wallet ${item.walletId} has a transfer in flight (${inFlight.id}); let it settle and run again`,
      );
    }
    const replaced = await replaceWalletKey(deps, tx, item.walletId);
    await tx
      .update(walletSweepItems)
      .set({ state: 'rekeyed', ...replaced, updatedAt: now })
      .where(eq(walletSweepItems.id, itemId));
  });
}
