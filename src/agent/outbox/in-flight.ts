import { and, count, eq, gt, isNotNull, ne } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { agentOutbox } from '@/db/schema/index.ts';
import type { PacingInput } from './pacing.ts';

/**
 * Replies other workers hold leased right now: posts that may reach X before ours and are not
 * among the sent rows yet. Two workers that both read 99 of 100 posts sent would both post and
 * the second meet X's 429 (the burst bench saw it); each counts the other's claim instead.
 */
export async function othersInFlight(db: Db, row: { id: bigint }, now: Date): Promise<number> {
  const [r] = await db
    .select({ n: count() })
    .from(agentOutbox)
    .where(
      and(
        eq(agentOutbox.status, 'pending'),
        isNotNull(agentOutbox.lockedBy),
        gt(agentOutbox.lockedUntil, now),
        ne(agentOutbox.id, row.id),
      ),
    );
  return r?.n ?? 0;
}

/** Whether one more post fits both windows when `inFlight` others may land first. */
export function roomBeside(input: PacingInput, inFlight: number): boolean {
  const { now, limits } = input;
  const inWindow = input.recentSentAt.filter(
    (t) => now.getTime() - t.getTime() < limits.windowMs,
  ).length;
  if (inWindow + inFlight + 1 > limits.perWindow) return false;
  const per3h = limits.perThreeHours;
  return per3h === undefined || (input.sentInThreeHours ?? 0) + inFlight + 1 <= per3h;
}
