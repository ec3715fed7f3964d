import { eq } from 'drizzle-orm';
import { rewardPayouts } from '@/db/schema/index.ts';
import { startLoop } from '@/shared/loop.ts';
import type { TransferDeps } from '../transfers/index.ts';
import { closeRewardMonth, type RewardSettings } from './close-reward-month.ts';
import { payRewardMonth } from './pay-reward-month.ts';
import { previousMonthKey } from './split-pool.ts';

/** Closes the month that just ended (once) and pays whatever is still planned, of any month. */
type Deps = TransferDeps & { now: () => Date };

export async function runRewardsRound(deps: Deps, settings: RewardSettings) {
  await closeRewardMonth(deps, { month: previousMonthKey(deps.now()), settings });
  const open = await deps.db
    .selectDistinct({ month: rewardPayouts.month })
    .from(rewardPayouts)
    .where(eq(rewardPayouts.state, 'planned'));
  for (const { month } of open) await payRewardMonth(deps, { month });
}

/** The month-end job: a round at start, then every `intervalMs` (any API process may run it). */
export function startRewardsWorker(
  deps: Deps,
  p: { settings: RewardSettings; intervalMs: number },
) {
  return startLoop({
    pass: () => runRewardsRound(deps, p.settings),
    intervalMs: p.intervalMs,
    onError: (err) => deps.logger.warn({ err }, 'rewards round failed; retrying next round'),
  });
}
