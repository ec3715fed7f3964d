import { queryOptions, useQuery } from '@tanstack/react-query';
import { type SubscriptionResponse, subscriptionSchema } from '@/shared/auth/contract';
import { getJson } from '@/web/lib/api-client';
import { SUBSCRIPTION_QUERY_KEY, SUBSCRIPTION_URL } from './subscription-query-key';

type Active = Extract<SubscriptionResponse, { hasSubscription: true }>;
export type SubscriptionHealth = Active['subscriptionHealth'];

/** The dashboard's view of GET /api/auth/subscription: one shape, every field null without one. */
export type Subscription = { hasSubscription: boolean } & {
  [K in Exclude<keyof Active, 'hasSubscription' | 'isActive'>]: Active[K] | null;
};

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

/** Reads the body with the shared contract (a body of another shape throws). */
export function parseSubscription(body: unknown): Subscription {
  const b = subscriptionSchema.parse(body);
  if (!b.hasSubscription) return NO_SUBSCRIPTION;
  return {
    hasSubscription: true,
    tier: b.tier,
    status: b.status,
    subscriptionHealth: b.subscriptionHealth,
    daysRemaining: b.daysRemaining,
    startDate: b.startDate,
    endDate: b.endDate,
    monthsPurchased: b.monthsPurchased,
  };
}

/** A failed fetch is logged only, and the card shows its empty state (free tier). */
export const subscriptionQueryOptions = () =>
  queryOptions({
    queryKey: SUBSCRIPTION_QUERY_KEY,
    queryFn: async ({ signal }) => {
      try {
        return await getJson(SUBSCRIPTION_URL, { parse: parseSubscription }, signal);
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
