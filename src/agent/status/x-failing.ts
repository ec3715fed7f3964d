import { and, desc, eq, gt, isNotNull } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { agentOutbox } from '@/db/schema/index.ts';
import { nextReadDelayMs } from '../inbox/read-pacing.ts';

/**
 * No successful mentions read for this long (or three paced reads, when X's budget spaces them
 * wider) and /status says X is failing: the loop is backing off from failed reads. Reads come
 * every few seconds, so a 15 s gap is not load; a minute is `stalled` (reading-health.ts).
 */
export const DEGRADED_AFTER_MS = 15_000;
/** The slowest the mentions loop reads by itself (AGENT_POLL_INTERVAL_MS outside the sandbox). */
const POLL_MS = 5_000;

/** How late the last successful read may be before the reads count as failing. */
export function readLateAfterMs(
  budget: { remaining: number; resetAt: Date } | null,
  now: Date,
): number {
  return Math.max(DEGRADED_AFTER_MS, 3 * nextReadDelayMs({ budget, now, minMs: POLL_MS }));
}

/**
 * The error of a reply X failed to take and that waits for its retry (the outbox records it),
 * or null. Every outbox call goes to X, so such a row means X is failing replies now; it
 * clears once the reply is sent.
 */
export async function failingReplyError(db: Db): Promise<string | null> {
  const [row] = await db
    .select({ error: agentOutbox.lastError })
    .from(agentOutbox)
    .where(
      and(
        eq(agentOutbox.status, 'pending'),
        isNotNull(agentOutbox.lastError),
        gt(agentOutbox.attempts, 0),
      ),
    )
    .orderBy(desc(agentOutbox.nextAttemptAt))
    .limit(1);
  return row?.error ?? null;
}
