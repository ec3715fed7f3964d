import { and, desc, eq, gt, lte } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { subscriptions } from '@/db/schema/index.ts';
import { BENEFIT_TIERS } from '@/shared/premium-benefits.ts';

export type SubscriptionTier = 'free' | 'pro' | 'premium';
export interface SubscriptionDeps {
  db: Db;
  now: () => Date;
}

const TIER_RANK: Record<SubscriptionTier, number> = { free: 0, pro: 1, premium: 2 };

/**
 * The best tier the user holds right now: a period counts from its start to its end (a period
 * bought while another runs starts when that one ends). 'free' when none is running.
 */
export async function getActiveTier(
  deps: SubscriptionDeps,
  p: { userId: string },
): Promise<SubscriptionTier> {
  const now = deps.now();
  const rows = await deps.db
    .select({ tier: subscriptions.tier })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.xUserId, p.userId),
        lte(subscriptions.startDate, now),
        gt(subscriptions.endDate, now),
      ),
    )
    .orderBy(desc(subscriptions.endDate))
    .limit(20);
  let best: SubscriptionTier = 'free';
  for (const row of rows) if (TIER_RANK[row.tier] > TIER_RANK[best]) best = row.tier;
  return best;
}

/**
 * True while the user has a running paid period. With `tier: 'premium'`, only a premium period
 * counts (what the premium benefits and reward eligibility need).
 */
export async function hasActiveSubscription(
  deps: SubscriptionDeps,
  p: { userId: string; tier?: 'pro' | 'premium' },
): Promise<boolean> {
  const tier = await getActiveTier(deps, p);
  if (tier === 'free') return false;
  return p.tier ? TIER_RANK[tier] >= TIER_RANK[p.tier] : true;
}

/** Whether the premium benefits (0% fee, allowances, priority, rewards) apply to this tier. */
export const hasPremiumBenefits = (tier: SubscriptionTier) =>
  (BENEFIT_TIERS as readonly string[]).includes(tier);

/** The transfer fee tier for a user's own sends. */
export async function feeTierFor(
  deps: SubscriptionDeps,
  p: { userId: string },
): Promise<'free' | 'premium'> {
  return hasPremiumBenefits(await getActiveTier(deps, p)) ? 'premium' : 'free';
}
