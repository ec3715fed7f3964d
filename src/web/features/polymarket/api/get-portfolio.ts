import { queryOptions, useQuery } from '@tanstack/react-query';
import { portfolioResponseSchema, valueHistorySchema } from '@/shared/portfolio';
import { getJson } from '@/web/lib/api-client';

const PORTFOLIO_URL = '/api/polymarket/portfolio';
const VALUE_HISTORY_URL = '/api/polymarket/value-history';

/**
 * The query key carries the version marker v2; refetched every 30 s, stale at once.
 * A failure reads as the default failure text (`503: Service Unavailable`, never a 5xx body).
 */
export const portfolioQueryOptions = () =>
  queryOptions({
    queryKey: [PORTFOLIO_URL, 'v2'],
    queryFn: ({ signal }) => getJson(PORTFOLIO_URL, portfolioResponseSchema, signal),
    refetchInterval: 30_000,
    staleTime: 0,
  });

export function usePortfolio() {
  return useQuery(portfolioQueryOptions());
}

/** The stored portfolio value points of the last 30 days (one per refresh). */
export const valueHistoryQueryOptions = () =>
  queryOptions({
    queryKey: [VALUE_HISTORY_URL],
    queryFn: async ({ signal }) =>
      (await getJson(VALUE_HISTORY_URL, valueHistorySchema, signal)).points,
    refetchInterval: 5 * 60_000,
  });

export function useValueHistory() {
  return useQuery(valueHistoryQueryOptions());
}
