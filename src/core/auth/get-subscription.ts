import { desc, eq } from 'drizzle-orm';
import { subscriptions } from '@/db/schema/index.ts';
import type { CoreDeps } from '../deps.ts';
import { subscriptionHealth } from './subscription-health.ts';

/**
 * The user's subscription (the one ending last) in the API's Subscription shape (auth contract).
 * An expired subscription is still reported (hasSubscription true, subscriptionHealth
 * 'expired') so the dashboard can say when it ended; `isActive` is false then, and is what
 * gates premium content.
 */
export async function getSubscription(deps: Pick<CoreDeps, 'db' | 'now'>, p: { xUserId: string }) {
  const [row] = await deps.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.xUserId, p.xUserId))
    .orderBy(desc(subscriptions.endDate))
    .limit(1);
  if (!row) return { hasSubscription: false as const, isActive: false as const };
  const { health, daysRemaining } = subscriptionHealth(row.endDate, deps.now());
  return {
    hasSubscription: true as const,
    isActive: health !== 'expired',
    tier: row.tier,
    status: row.status,
    subscriptionHealth: health,
    daysRemaining,
    startDate: row.startDate.toISOString(),
    endDate: row.endDate.toISOString(),
    monthsPurchased: row.monthsPurchased,
  };
}
