import type { PricingPlan } from '@/shared/premium/contract';

/** UP amounts on the premium page: en-US grouping, exactly 2 decimals (spec §5, §9). */
export const formatUp = (n: number) =>
  n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export const formatUsd = (n: number) =>
  n.toLocaleString('en-US', { style: 'currency', currency: 'USD' });

/** The UP/USD price to 4 significant digits: "$0.05004". */
export const formatUpPrice = (n: number) =>
  n.toLocaleString('en-US', { style: 'currency', currency: 'USD', maximumSignificantDigits: 4 });

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
