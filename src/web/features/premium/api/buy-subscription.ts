import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Purchase, purchaseSchema, type Quote, quoteSchema } from '@/shared/premium/contract';
import { SUBSCRIPTION_QUERY_KEY } from '@/web/features/dashboard/api/subscription-query-key';
import { WALLET_BALANCES_QUERY_KEY } from '@/web/features/wallet/api/wallet-balances-query-key';
import { apiRequest, readServerErrorText } from '@/web/lib/api-client';
import { PREMIUM_USERS_KEY, premiumStatsQueryOptions } from './premium-api';

async function postJson<T>(
  url: string,
  body: unknown,
  parse: (v: unknown) => T,
  failure: string,
): Promise<T> {
  const res = await apiRequest('POST', url, body);
  if (!res.ok) throw new Error((await readServerErrorText(res)) ?? failure);
  return parse(await res.json());
}

/** Step 1: fix the UP amount of a plan at the current price (the quote lasts a few minutes). */
export function useCreateQuote() {
  return useMutation({
    mutationFn: (plan: { tier: 'pro' | 'premium'; durationMonths: number }): Promise<Quote> =>
      postJson('/api/subscriptions/quote', plan, (v) => quoteSchema.parse(v), 'Could not price it'),
  });
}

/**
 * Step 2: pay the quote from the custodial wallet. The server's refusal (insufficient funds,
 * expired quote, stale price) is the error message. Afterwards the subscription, balances and
 * lists that show it are fetched again.
 */
export function usePurchaseQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (quoteId: string): Promise<Purchase> =>
      postJson(
        '/api/subscriptions/purchase',
        { quoteId },
        (v) => purchaseSchema.parse(v),
        'The purchase failed',
      ),
    onSuccess: () => {
      for (const queryKey of [
        SUBSCRIPTION_QUERY_KEY,
        WALLET_BALANCES_QUERY_KEY,
        PREMIUM_USERS_KEY,
        premiumStatsQueryOptions().queryKey,
      ]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
  });
}
