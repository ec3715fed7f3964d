import { queryOptions, useQuery } from '@tanstack/react-query';
import { WALLET_POLL_MS } from '@/shared/holders/constants';
import { walletListSchema } from '@/shared/holders/wallet-list';
import { getJson } from '@/web/lib/api-client';

export type HolderNetworkId = 'constellation' | 'base';

const URLS: Record<HolderNetworkId, string> = {
  constellation: '/api/wallets',
  base: '/api/base-wallets',
};

/** A list not loaded yet is asked again this soon (a fresh server ranks within seconds). */
const UNLOADED_POLL_MS = 5_000;

/**
 * GET /api/wallets | /api/base-wallets: polled every 30 s, never on window focus. Until
 * a first list arrives it is asked every 5 s, and a failure is tried twice more before the page
 * says it cannot load: right after a start the server answers 503 until its first ranking.
 */
export function walletListQueryOptions(network: HolderNetworkId) {
  return queryOptions({
    queryKey: [URLS[network]],
    // The list call's own message; the section shows 'Unable to load wallet data'.
    queryFn: ({ signal }) =>
      getJson(URLS[network], walletListSchema, signal, { failure: 'Failed to fetch wallet data' }),
    refetchInterval: (query) => (query.state.data ? WALLET_POLL_MS : UNLOADED_POLL_MS),
    retry: (failures, _err) => failures < 2,
    retryDelay: 1_500,
    refetchOnWindowFocus: false,
  });
}

export const useWalletList = (network: HolderNetworkId) =>
  useQuery(walletListQueryOptions(network));
