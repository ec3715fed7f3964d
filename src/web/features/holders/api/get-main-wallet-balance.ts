import { queryOptions, useQuery } from '@tanstack/react-query';
import { WALLET_POLL_MS } from '@/shared/holders/constants';
import { unitsToNumber } from '@/shared/units';
import { asRecord } from '@/web/lib/json-fields';
import { publicConfig } from '@/web/lib/public-config';

/**
 * The main wallet's live balance straight from the public block explorer (key
 * mainWalletBalance, `data.balance` floored, in whole UP, every 30 s). Off where none is configured.
 * Not our API, so its own fetch: getJson would send our cookie to another site.
 */
export function mainWalletBalanceQueryOptions() {
  const url = publicConfig.mainWalletBalanceUrl;
  return queryOptions({
    queryKey: ['mainWalletBalance'],
    enabled: url !== null,
    queryFn: async ({ signal }) => {
      const res = await fetch(url!, { signal });
      if (!res.ok) throw new Error('Failed to fetch wallet balance');
      const raw = Number(asRecord(asRecord(await res.json())?.data)?.balance);
      if (!Number.isFinite(raw)) throw new Error('Failed to fetch wallet balance');
      return unitsToNumber(BigInt(Math.floor(raw)));
    },
    refetchInterval: WALLET_POLL_MS,
    refetchOnWindowFocus: false,
  });
}

export function useMainWalletBalance() {
  return useQuery(mainWalletBalanceQueryOptions());
}
