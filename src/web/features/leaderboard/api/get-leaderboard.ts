import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  type LeaderboardCategory,
  type LeaderboardPeriod,
  leaderboardSchema,
} from '@/shared/leaderboard/contract';
import { getJson } from '@/web/lib/api-client';

/** Refetched every 5 minutes, stale after 1; failure 'Failed to fetch leaderboard data'. */
export const leaderboardQueryOptions = (
  category: LeaderboardCategory,
  period: LeaderboardPeriod,
) => {
  const url = `/api/leaderboard/${category}/${period}`;
  return queryOptions({
    queryKey: [url],
    queryFn: async ({ signal }) =>
      (
        await getJson(url, leaderboardSchema, signal, {
          failure: 'Failed to fetch leaderboard data',
        })
      ).entries,
    refetchInterval: 5 * 60_000,
    staleTime: 60_000,
  });
};

export function useLeaderboard(category: LeaderboardCategory, period: LeaderboardPeriod) {
  return useQuery(leaderboardQueryOptions(category, period));
}
