import { queryOptions, useQuery } from '@tanstack/react-query';
import { walletBalancesSchema } from '@/shared/auth/contract';
import { getJson } from '@/web/lib/api-client';
import { WALLET_BALANCES_QUERY_KEY, WALLET_BALANCES_URL } from './wallet-balances-query-key';

/**
 * The dashboard's view of GET /api/auth/wallet-balances. Amounts are exact decimal strings in
 * token units, or null when the network could not be read (shown as 0.00).
 */
export interface WalletBalances {
  constellationAddress: string | null;
  dag: string | null;
  up: string | null;
  dor: string | null;
}

export const NO_BALANCES: WalletBalances = {
  constellationAddress: null,
  dag: null,
  up: null,
  dor: null,
};

/** Reads the body with the shared contract (a body of another shape throws). */
export function parseWalletBalances(body: unknown): WalletBalances {
  const b = walletBalancesSchema.parse(body);
  return { constellationAddress: b.addresses.constellation, ...b.balances.constellation };
}

/** A failed fetch is logged only; the card then shows 'No wallet connected'. */
export const walletBalancesQueryOptions = () =>
  queryOptions({
    queryKey: WALLET_BALANCES_QUERY_KEY,
    queryFn: async ({ signal }) => {
      try {
        return await getJson(WALLET_BALANCES_URL, { parse: parseWalletBalances }, signal);
      } catch (err) {
        console.error('Failed to fetch wallet balances', err);
        return NO_BALANCES;
      }
    },
    // Balances move with every snapshot: read them again whenever the card appears.
    refetchOnMount: 'always',
  });

export function useWalletBalances() {
  return useQuery(walletBalancesQueryOptions());
}
