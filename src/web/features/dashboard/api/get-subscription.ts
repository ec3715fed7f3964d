import { queryOptions, useQuery } from '@tanstack/react-query';
import { defaultQueryFn } from '@/web/lib/api-client';
import { asRecord, numberField, stringField } from '@/web/lib/json-fields';

export type SubscriptionHealth = 'active' | 'expiring_soon' | 'expired';

/** GET /api/auth/subscription (spec §3 Subscription). */
export interface Subscription {
  hasSubscription: boolean;
  tier: string | null;
  status: string | null;
  subscriptionHealth: SubscriptionHealth | null;
  daysRemaining: number | null;
  startDate: string | null;
  endDate: string | null;
  monthsPurchased: number | null;
}

export const NO_SUBSCRIPTION: Subscription = {
  hasSubscription: false,
  tier: null,
  status: null,
  subscriptionHealth: null,
  daysRemaining: null,
  startDate: null,
  endDate: null,
  monthsPurchased: null,
};

const HEALTH: readonly SubscriptionHealth[] = ['active', 'expiring_soon', 'expired'];

export function parseSubscription(body: unknown): Subscription {
  const b = asRecord(body);
  if (b?.hasSubscription !== true) return NO_SUBSCRIPTION;
  const health = HEALTH.find((h) => h === b.subscriptionHealth) ?? null;
  return {
    hasSubscription: true,
    tier: stringField(b.tier),
    status: stringField(b.status),
    subscriptionHealth: health,
    daysRemaining: numberField(b.daysRemaining),
    startDate: stringField(b.startDate),
    endDate: stringField(b.endDate),
    monthsPurchased: numberField(b.monthsPurchased),
  };
}

/** Spec §8: a failed fetch is logged only, and the card shows its empty state (free tier). */
export const subscriptionQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/auth/subscription'],
    queryFn: async (ctx) => {
      try {
        return parseSubscription(await defaultQueryFn(ctx));
      } catch (err) {
        console.error('Failed to fetch subscription', err);
        return NO_SUBSCRIPTION;
      }
    },
    refetchOnMount: 'always',
  });

export function useSubscription(enabled: boolean) {
  return useQuery({ ...subscriptionQueryOptions(), enabled });
}
