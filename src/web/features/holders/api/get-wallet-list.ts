import { queryOptions, useQuery } from '@tanstack/react-query';
import { WALLET_POLL_MS } from '@/shared/holders/constants';
import { type WalletList, walletListSchema } from '@/shared/holders/wallet-list';

export type HolderNetworkId = 'constellation' | 'base';

const URLS: Record<HolderNetworkId, string> = {
  constellation: '/api/wallets',
  base: '/api/base-wallets',
};

/** GET /api/wallets | /api/base-wallets (spec §7): polled every 30 s, never on window focus. */
export function walletListQuery(network: HolderNetworkId) {
  return queryOptions({
    queryKey: [URLS[network]],
    queryFn: async ({ signal }): Promise<WalletList> => {
      const res = await fetch(URLS[network], { signal });
      // Spec §8: the list call's own message; the section shows 'Unable to load wallet data'.
      if (!res.ok) throw new Error('Failed to fetch wallet data');
      return walletListSchema.parse(await res.json());
    },
    refetchInterval: WALLET_POLL_MS,
    refetchOnWindowFocus: false,
  });
}

export const useWalletList = (network: HolderNetworkId) => useQuery(walletListQuery(network));
