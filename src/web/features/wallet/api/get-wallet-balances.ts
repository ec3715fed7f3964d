import { queryOptions, useQuery } from '@tanstack/react-query';
import { defaultQueryFn } from '@/web/lib/api-client';
import { asRecord, stringField } from '@/web/lib/json-fields';

/**
 * GET /api/auth/wallet-balances. Amounts are exact decimal strings in token units, or null when
 * the network could not be read (shown as 0.00).
 */
export interface WalletBalances {
  constellationAddress: string | null;
  dag: unknown;
  up: unknown;
  dor: unknown;
}

export const NO_BALANCES: WalletBalances = {
  constellationAddress: null,
  dag: null,
  up: null,
  dor: null,
};

export function parseWalletBalances(body: unknown): WalletBalances {
  const b = asRecord(body);
  const balances = asRecord(asRecord(b?.balances)?.constellation);
  return {
    constellationAddress: stringField(asRecord(b?.addresses)?.constellation),
    dag: balances?.dag ?? null,
    up: balances?.up ?? null,
    dor: balances?.dor ?? null,
  };
}

/** Spec §8: a failed fetch is logged only; the card then shows 'No wallet connected'. */
export const walletBalancesQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/auth/wallet-balances'],
    queryFn: async (ctx) => {
      try {
        return parseWalletBalances(await defaultQueryFn(ctx));
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
