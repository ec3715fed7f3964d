import { queryOptions, useQuery } from '@tanstack/react-query';
import { latestRewardsSchema, myRewardsSchema } from '@/shared/leaderboard/contract';
import { getJson } from '@/web/lib/api-client';

const LATEST_URL = '/api/rewards/latest';
const MINE_URL = '/api/rewards/mine';

/** The last closed month's reward payouts (refetched with the boards, every 5 minutes). */
export const latestRewardsQueryOptions = () =>
  queryOptions({
    queryKey: [LATEST_URL],
    queryFn: ({ signal }) => getJson(LATEST_URL, latestRewardsSchema, signal),
    refetchInterval: 5 * 60_000,
  });

export function useLatestRewards() {
  return useQuery(latestRewardsQueryOptions());
}

/** The signed-in user's own rewards (dashboard). */
export const myRewardsQueryOptions = () =>
  queryOptions({
    queryKey: [MINE_URL],
    queryFn: async ({ signal }) => (await getJson(MINE_URL, myRewardsSchema, signal)).payouts,
  });

export function useMyRewards(enabled: boolean) {
  return useQuery({ ...myRewardsQueryOptions(), enabled });
}
