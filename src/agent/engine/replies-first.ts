import { getActiveTier, hasPremiumBenefits } from '@/core/subscriptions/index.ts';
import type { AgentContext } from '../context.ts';

/** Whether this user's replies and jobs jump the queue (an active Premium plan, decision 0007). */
export async function repliesFirst(ctx: Pick<AgentContext, 'db' | 'now'>, userId: string) {
  return hasPremiumBenefits(await getActiveTier(ctx, { userId }));
}
