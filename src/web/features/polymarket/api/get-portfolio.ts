import { useQuery } from '@tanstack/react-query';
import { portfolioResponseSchema, valueHistorySchema } from '@/shared/portfolio';
import { getJson } from '@/web/lib/api-client';

/**
 * The query key carries the version marker v2; refetched every 30 s, stale at once.
 * A failure reads as the default failure text (`503: Service Unavailable`, never a 5xx body).
 */
export function usePortfolio() {
  return useQuery({
    queryKey: ['/api/polymarket/portfolio', 'v2'],
    queryFn: ({ signal }) => getJson('/api/polymarket/portfolio', portfolioResponseSchema, signal),
    refetchInterval: 30_000,
    staleTime: 0,
  });
}

/** The stored portfolio value points of the last 30 days (one per refresh). */
export function useValueHistory() {
  return useQuery({
    queryKey: ['/api/polymarket/value-history'],
    queryFn: async ({ signal }) =>
      (await getJson('/api/polymarket/value-history', valueHistorySchema, signal)).points,
    refetchInterval: 5 * 60_000,
  });
}
