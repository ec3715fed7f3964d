import { useQuery } from '@tanstack/react-query';
import { myPostRewardsSchema, postRewardDaySchema } from '@/shared/post-rewards/contract';

async function getJson(url: string, signal: AbortSignal) {
  const res = await fetch(url, { credentials: 'include', signal });
  if (!res.ok) throw new Error(`${res.status}: ${res.statusText}`);
  return res.json();
}

/** A scored day of quality-post rewards (the latest when `day` is null), every post and why. */
export function usePostRewardDay(day: string | null) {
  const url = day ? `/api/rewards/posts?day=${encodeURIComponent(day)}` : '/api/rewards/posts';
  return useQuery({
    queryKey: [url],
    queryFn: async ({ signal }) => postRewardDaySchema.parse(await getJson(url, signal)),
    refetchInterval: 60_000,
  });
}

/** The signed-in user's rewarded posts (dashboard). */
export function useMyPostRewards(enabled: boolean) {
  return useQuery({
    queryKey: ['/api/rewards/posts/mine'],
    enabled,
    queryFn: async ({ signal }) =>
      myPostRewardsSchema.parse(await getJson('/api/rewards/posts/mine', signal)).rewards,
  });
}
