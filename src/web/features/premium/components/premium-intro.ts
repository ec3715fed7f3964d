import { COMING_SOON, PAID_ITEM_AVAILABLE } from '@/shared/feature-availability';
import type { PaidItem } from '@/shared/premium-benefits';

/**
 * The /premium introduction. It explains the 'Coming soon' mark only while the comparison
 * table shows one (a service the agent does not offer yet); with every service built, it
 * says nothing of it.
 */
export function premiumIntro(available: Record<PaidItem, boolean> = PAID_ITEM_AVAILABLE): string {
  const base =
    'Everyone can use the agent for a small $UP fee per service. Premium subscribers pay no transfer fee and get daily free allowances.';
  return Object.values(available).every(Boolean)
    ? base
    : `${base} Services marked '${COMING_SOON}' are not offered yet.`;
}
