import { useQuery } from '@tanstack/react-query';
import { latestRewardsSchema, myRewardsSchema } from '@/shared/leaderboard/contract';
import { getJson } from '@/web/lib/api-client';

/** The last closed month's reward payouts (refetched with the boards, every 5 minutes). */
export function useLatestRewards() {
  return useQuery({
    queryKey: ['/api/rewards/latest'],
    queryFn: ({ signal }) => getJson('/api/rewards/latest', latestRewardsSchema, signal),
    refetchInterval: 5 * 60_000,
  });
}

/** The signed-in user's own rewards (dashboard). */
export function useMyRewards(enabled: boolean) {
  return useQuery({
    queryKey: ['/api/rewards/mine'],
    enabled,
    queryFn: async ({ signal }) =>
      (await getJson('/api/rewards/mine', myRewardsSchema, signal)).payouts,
  });
}
