import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  type PremiumUsers,
  premiumStatsSchema,
  premiumUsersSchema,
  pricingSchema,
} from '@/shared/premium/contract';
import { getJson } from '@/web/lib/api-client';

/** Premium user page size. */
export const PREMIUM_PAGE_SIZE = 50;

/**
 * `no-cache`: the server lets shared caches keep these lists 10 s (`max-age=10`), and the
 * browser's own cache would answer a refetch with the copy from before a purchase (the stat card
 * kept its old count). The page asks the server each time; the 30 s polling is rarer anyway.
 */
const uncached = (failure: string) => ({ cache: 'no-cache' as const, failure });

export interface PremiumSearch {
  search: string;
  wallet: string;
}

/** Search text is trimmed and an empty search is omitted from the query. */
export function premiumUsersUrl(q: PremiumSearch, offset: number): string {
  const params = new URLSearchParams();
  if (q.search.trim()) params.set('search', q.search.trim());
  if (q.wallet.trim()) params.set('wallet', q.wallet.trim());
  params.set('limit', String(PREMIUM_PAGE_SIZE));
  params.set('offset', String(offset));
  return `/api/premium-users?${params}`;
}

/**
 * Premium list pagination: Load More fetches the next page at the next offset while the
 * current page's offset plus the page size is below the total. A new search is a new key, so the
 * offset and the list start over. Refetched every 30 s.
 */
export function usePremiumUsers(q: PremiumSearch) {
  const key = { search: q.search.trim(), wallet: q.wallet.trim() };
  return useInfiniteQuery({
    queryKey: ['/api/premium-users', key],
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      getJson(
        premiumUsersUrl(key, pageParam),
        premiumUsersSchema,
        signal,
        uncached('Failed to fetch premium users'),
      ),
    getNextPageParam: (last: PremiumUsers, _all, offset) =>
      offset + PREMIUM_PAGE_SIZE < last.total ? offset + PREMIUM_PAGE_SIZE : undefined,
    refetchInterval: 30_000,
    placeholderData: keepPreviousData,
  });
}

export function usePremiumStats() {
  return useQuery({
    queryKey: ['/api/premium-users/stats'],
    queryFn: ({ signal }) =>
      getJson(
        '/api/premium-users/stats',
        premiumStatsSchema,
        signal,
        uncached('Failed to fetch premium users'),
      ),
    refetchInterval: 30_000,
  });
}

/** Refetched every 5 minutes. */
export function usePricing() {
  return useQuery({
    queryKey: ['/api/subscription-pricing'],
    queryFn: ({ signal }) =>
      getJson(
        '/api/subscription-pricing',
        pricingSchema,
        signal,
        uncached('Failed to fetch subscription pricing'),
      ),
    refetchInterval: 5 * 60_000,
  });
}
