import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
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

const PREMIUM_USERS_URL = '/api/premium-users';
const STATS_URL = '/api/premium-users/stats';
const PRICING_URL = '/api/subscription-pricing';

/** The key every search's premium list starts with: invalidating it refetches them all. */
export const PREMIUM_USERS_KEY = [PREMIUM_USERS_URL] as const;

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
  return `${PREMIUM_USERS_URL}?${params}`;
}

/**
 * Premium list pagination: Load More fetches the next page at the next offset while the
 * current page's offset plus the page size is below the total. A new search is a new key, so the
 * offset and the list start over. Refetched every 30 s.
 */
export const premiumUsersQueryOptions = (q: PremiumSearch) => {
  const key = { search: q.search.trim(), wallet: q.wallet.trim() };
  return infiniteQueryOptions({
    queryKey: [...PREMIUM_USERS_KEY, key],
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
};

export function usePremiumUsers(q: PremiumSearch) {
  return useInfiniteQuery(premiumUsersQueryOptions(q));
}

export const premiumStatsQueryOptions = () =>
  queryOptions({
    queryKey: [STATS_URL],
    queryFn: ({ signal }) =>
      getJson(STATS_URL, premiumStatsSchema, signal, uncached('Failed to fetch premium users')),
    refetchInterval: 30_000,
  });

export function usePremiumStats() {
  return useQuery(premiumStatsQueryOptions());
}

/** Refetched every 5 minutes. */
export const pricingQueryOptions = () =>
  queryOptions({
    queryKey: [PRICING_URL],
    queryFn: ({ signal }) =>
      getJson(PRICING_URL, pricingSchema, signal, uncached('Failed to fetch subscription pricing')),
    refetchInterval: 5 * 60_000,
  });

export function usePricing() {
  return useQuery(pricingQueryOptions());
}
