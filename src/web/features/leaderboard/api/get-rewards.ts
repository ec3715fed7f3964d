import { useQuery } from '@tanstack/react-query';
import { latestRewardsSchema, myRewardsSchema } from '@/shared/leaderboard/contract';

async function getJson(url: string, signal: AbortSignal) {
  const res = await fetch(url, { credentials: 'include', signal });
  if (!res.ok) throw new Error(`${res.status}: ${res.statusText}`);
  return res.json();
}

/** The last closed month's reward payouts (refetched with the boards, every 5 minutes). */
export function useLatestRewards() {
  return useQuery({
    queryKey: ['/api/rewards/latest'],
    queryFn: async ({ signal }) =>
      latestRewardsSchema.parse(await getJson('/api/rewards/latest', signal)),
    refetchInterval: 5 * 60_000,
  });
}

/** The signed-in user's own rewards (dashboard). */
export function useMyRewards(enabled: boolean) {
  return useQuery({
    queryKey: ['/api/rewards/mine'],
    enabled,
    queryFn: async ({ signal }) =>
      myRewardsSchema.parse(await getJson('/api/rewards/mine', signal)).payouts,
  });
}
