import { and, count, desc, eq, gt, lt, or } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { agentOutbox } from '@/db/schema/index.ts';
import type { PostingLimits } from './pacing.ts';
import { estimatePostedAt, type QueueClock } from './queue-estimate.ts';
import { loadPacing } from './send-replies.ts';

/** Our send times still inside the longest window we pace by (the estimate's starting point). */
export async function loadQueueClock(
  db: Db,
  limits: PostingLimits,
  now: Date,
): Promise<QueueClock> {
  const pacing = await loadPacing(db, limits, now);
  const keep = Math.max(limits.perWindow, limits.perThreeHours ?? 0);
  const rows = await db
    .select({ sentAt: agentOutbox.sentAt })
    .from(agentOutbox)
    .where(eq(agentOutbox.status, 'sent'))
    .orderBy(desc(agentOutbox.sentAt))
    .limit(keep);
  const blocks = [pacing.blockedUntil?.getTime() ?? 0];
  if (pacing.headers && pacing.headers.remaining <= 0)
    blocks.push(pacing.headers.resetAt.getTime());
  const notBefore = Math.max(...blocks);
  return {
    now,
    limits,
    sentAt: rows.map((r) => r.sentAt!).filter(Boolean),
    notBefore: notBefore > now.getTime() ? new Date(notBefore) : null,
  };
}

/** Where a queued reply stands: its place in line (1 = next), the line's length, and when. */
export interface QueuePlace {
  place: number;
  depth: number;
  /** When it should be posted at X's pace (queue-estimate.ts); an upper bound, folds shorten it. */
  estimatedAt: string;
}

/**
 * The place of a pending reply in the outbox's one order (reply-priority.ts: priority, then
 * oldest), the order the claim serves, so the estimate puts Premium and money answers first too.
 */
export async function replyQueuePlace(
  db: Db,
  row: { id: bigint; priority: number },
  p: { limits: PostingLimits; now: Date },
): Promise<QueuePlace> {
  const pending = eq(agentOutbox.status, 'pending');
  const [[ahead], [all], clock] = await Promise.all([
    db
      .select({ n: count() })
      .from(agentOutbox)
      .where(
        and(
          pending,
          or(
            gt(agentOutbox.priority, row.priority),
            and(eq(agentOutbox.priority, row.priority), lt(agentOutbox.id, row.id)),
          ),
        ),
      ),
    db.select({ n: count() }).from(agentOutbox).where(pending),
    loadQueueClock(db, p.limits, p.now),
  ]);
  const place = (ahead?.n ?? 0) + 1;
  return {
    place,
    depth: all?.n ?? place,
    estimatedAt: estimatePostedAt(clock, place).toISOString(),
  };
}

/** When the last reply queued now would be posted: the backlog's drain time (/status). */
export async function backlogDrainAt(db: Db, limits: PostingLimits, now: Date, depth: number) {
  if (depth === 0) return null;
  return estimatePostedAt(await loadQueueClock(db, limits, now), depth).toISOString();
}
