// Monthly leaderboard rewards (decision 0013): decided once per closed month, paid exactly once
// each.
export { closeRewardMonth, type RewardSettings } from './close-reward-month.ts';
export {
  listLatestRewards,
  listUserRewards,
  type RewardPayoutView,
} from './list-reward-payouts.ts';
export { payRewardMonth, rewardKey } from './pay-reward-month.ts';
export { rewardSettings } from './reward-settings.ts';
export { runRewardsRound, startRewardsWorker } from './rewards-worker.ts';
export { monthKey, previousMonthKey } from './split-pool.ts';
