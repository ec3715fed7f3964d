import { useQuery } from '@tanstack/react-query';
import {
  type LeaderboardCategory,
  type LeaderboardPeriod,
  leaderboardSchema,
} from '@/shared/leaderboard/contract';

/** Refetched every 5 minutes, stale after 1; failure 'Failed to fetch leaderboard data'. */
export function useLeaderboard(category: LeaderboardCategory, period: LeaderboardPeriod) {
  const url = `/api/leaderboard/${category}/${period}`;
  return useQuery({
    queryKey: [url],
    queryFn: async ({ signal }) => {
      const res = await fetch(url, { credentials: 'include', signal });
      if (!res.ok) throw new Error('Failed to fetch leaderboard data');
      return leaderboardSchema.parse(await res.json()).entries;
    },
    refetchInterval: 5 * 60_000,
    staleTime: 60_000,
  });
}
