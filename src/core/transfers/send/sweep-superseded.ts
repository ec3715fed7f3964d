import { eq, isNotNull } from 'drizzle-orm';
import { wallets } from '@/db/schema/index.ts';
import { TOKENS } from '@/shared/tokens.ts';
import type { TransferDeps } from '../model/index.ts';
import { TransferError } from '../model/index.ts';
import { transfer } from './transfer.ts';

/**
 * Moves everything held by superseded handle wallets (a handle's wallet whose user already had
 * one, see bindHandleWalletToUser) into the user's wallet: an ordinary transfer of 'all', premium
 * tier (no fee: it is the user's own money). The key includes the source chain's ordinal, so a
 * later deposit to the old address gets swept by a new transfer, and a repeat before the sweep
 * lands returns the same one.
 */
export async function sweepSupersededWallets(deps: TransferDeps): Promise<number> {
  const superseded = await deps.db
    .select({ id: wallets.id, address: wallets.dagAddress, into: wallets.supersededByWalletId })
    .from(wallets)
    .where(isNotNull(wallets.supersededByWalletId));
  let swept = 0;
  for (const old of superseded) {
    const [target] = await deps.db
      .select({ address: wallets.dagAddress })
      .from(wallets)
      .where(eq(wallets.id, old.into as string));
    if (!target) continue;
    for (const token of TOKENS) {
      const { balance } = await deps.constellation.getBalance(token, old.address);
      if (balance === 0n) continue;
      const ref = await deps.constellation.getLastReference(token, old.address);
      try {
        await transfer(deps, {
          from: { walletId: old.id },
          to: { address: target.address },
          token,
          amount: 'all',
          feeTier: 'premium',
          idempotencyKey: `sweep:${old.id}:${token}:${ref.ordinal}`,
        });
        swept++;
      } catch (err) {
        // Already in flight (nothing left to send) is the normal case between snapshots.
        if (!(err instanceof TransferError && err.code === 'insufficient_balance')) throw err;
      }
    }
  }
  return swept;
}
