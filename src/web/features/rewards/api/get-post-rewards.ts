import { useQuery } from '@tanstack/react-query';
import { myPostRewardsSchema, postRewardDaySchema } from '@/shared/post-rewards/contract';
import { getJson } from '@/web/lib/api-client';

/** A scored day of quality-post rewards (the latest when `day` is null), every post and why. */
export function usePostRewardDay(day: string | null) {
  const url = day ? `/api/rewards/posts?day=${encodeURIComponent(day)}` : '/api/rewards/posts';
  return useQuery({
    queryKey: [url],
    queryFn: ({ signal }) => getJson(url, postRewardDaySchema, signal),
    refetchInterval: 60_000,
  });
}

/** The signed-in user's rewarded posts (dashboard). */
export function useMyPostRewards(enabled: boolean) {
  return useQuery({
    queryKey: ['/api/rewards/posts/mine'],
    enabled,
    queryFn: async ({ signal }) =>
      (await getJson('/api/rewards/posts/mine', myPostRewardsSchema, signal)).rewards,
  });
}
