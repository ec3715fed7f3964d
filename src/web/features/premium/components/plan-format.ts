import type { PricingPlan } from '@/shared/premium/contract';
import { fixedEnUs, usdEnUs, usdSignificantEnUs } from '@/web/lib/plain-format';

/** UP amounts on the premium page: en-US grouping, exactly 2 decimals. */
export const formatUp = (n: number) => fixedEnUs(n, 2);

export const formatUsd = usdEnUs;

/** The UP/USD price to 4 significant digits: "$0.05004". */
export const formatUpPrice = (n: number) => usdSignificantEnUs(n, 4);

const TIER_NAME = { pro: 'Pro', premium: 'Premium' } as const;

/** "Premium monthly", "Pro yearly", "Premium for 3 months". */
export function planName(plan: Pick<PricingPlan, 'tier' | 'durationMonths'>): string {
  const period =
    plan.durationMonths === 1
      ? 'monthly'
      : plan.durationMonths === 12
        ? 'yearly'
        : `for ${plan.durationMonths} months`;
  return `${TIER_NAME[plan.tier]} ${period}`;
}
