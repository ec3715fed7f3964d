import { and, eq } from 'drizzle-orm';
import { rewardPayouts } from '@/db/schema/index.ts';
import { type TransferDeps, TransferError, transfer } from '../transfers/index.ts';
import { getWalletBySystemRole } from '../wallets/index.ts';

/** The transfer key of a payout: the same (month, user) can only ever be paid once. */
export const rewardKey = (month: string, userId: string) => `reward:${month}:${userId}`;

/**
 * Pays a month's planned payouts from the rewards wallet, each through the transfer service
 * with its own key, so a crash between the transfer and the row update only means the next run
 * finds the same transfer. A refusal (the pool wallet runs dry) marks that payout failed with
 * the reason; network trouble throws and the next run retries.
 */
export async function payRewardMonth(deps: TransferDeps, p: { month: string }) {
  const pool = await getWalletBySystemRole(deps, { role: 'rewards' });
  if (!pool) throw new Error('the rewards wallet is not provisioned');
  const planned = await deps.db
    .select()
    .from(rewardPayouts)
    .where(and(eq(rewardPayouts.month, p.month), eq(rewardPayouts.state, 'planned')))
    .orderBy(rewardPayouts.rank);
  for (const payout of planned) {
    try {
      const record = await transfer(deps, {
        from: { walletId: pool.id },
        to: { xUserId: payout.xUserId },
        token: 'UP',
        amount: payout.amount,
        idempotencyKey: rewardKey(p.month, payout.xUserId),
        feeTier: 'premium',
      });
      await deps.db
        .update(rewardPayouts)
        .set({ state: 'paid', transferId: record.id })
        .where(eq(rewardPayouts.id, payout.id));
    } catch (err) {
      if (!(err instanceof TransferError)) throw err;
      await deps.db
        .update(rewardPayouts)
        .set({ state: 'failed', error: err.message, transferId: err.details.transferId ?? null })
        .where(eq(rewardPayouts.id, payout.id));
    }
  }
}
