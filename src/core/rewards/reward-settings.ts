import { parseTokenAmount } from '@/shared/units.ts';
import type { RewardSettings } from './close-reward-month.ts';

/** REWARDS_MONTHLY_POOL_UP (whole UP, as configured) and REWARDS_WINNERS as the job uses them. */
export function rewardSettings(config: {
  rewards: { monthlyPoolUp: number; winners: number };
}): RewardSettings {
  const pool = parseTokenAmount(String(config.rewards.monthlyPoolUp));
  if (pool === null)
    throw new Error(`REWARDS_MONTHLY_POOL_UP is not an amount: ${config.rewards.monthlyPoolUp}`);
  return { pool, winners: config.rewards.winners };
}
