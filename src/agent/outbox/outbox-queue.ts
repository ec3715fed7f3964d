import { and, asc, desc, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { agentOutbox } from '../../db/schema/index.ts';

export type OutboxRow = typeof agentOutbox.$inferSelect;

/**
 * Queues a reply (true); a second enqueue with the same key (a re-run after a crash) does
 * nothing (false).
 * `priority` 1 (an active Premium subscriber's reply) leaves before every waiting priority 0.
 */
export async function enqueueReply(
  db: Db,
  reply: { key: string; postId: string; inReplyToId: string; text: string; priority?: number },
) {
  const inserted = await db
    .insert(agentOutbox)
    .values(reply)
    .onConflictDoNothing({ target: agentOutbox.key })
    .returning({ id: agentOutbox.id });
  return inserted.length > 0;
}

/**
 * Claims the next due reply: highest priority first, then oldest (SKIP LOCKED: other processes
 * take the next ones).
 */
export async function claimNextReply(
  db: Db,
  opts: { workerId: string; leaseMs: number; now: Date },
): Promise<OutboxRow | null> {
  return db.transaction(async (tx) => {
    const [due] = await tx
      .select({ id: agentOutbox.id })
      .from(agentOutbox)
      .where(
        and(
          eq(agentOutbox.status, 'pending'),
          lte(agentOutbox.nextAttemptAt, opts.now),
          or(isNull(agentOutbox.lockedUntil), lt(agentOutbox.lockedUntil, opts.now)),
        ),
      )
      .orderBy(desc(agentOutbox.priority), asc(agentOutbox.id))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!due) return null;
    const [row] = await tx
      .update(agentOutbox)
      .set({
        lockedBy: opts.workerId,
        lockedUntil: new Date(opts.now.getTime() + opts.leaseMs),
        attempts: sql`${agentOutbox.attempts} + 1`,
      })
      .where(eq(agentOutbox.id, due.id))
      .returning();
    return row ?? null;
  });
}

export async function markReplySent(db: Db, id: bigint, sentPostId: string, now: Date) {
  await db
    .update(agentOutbox)
    .set({ status: 'sent', sentPostId, sentAt: now, lockedBy: null, lockedUntil: null })
    .where(eq(agentOutbox.id, id));
}

export async function markReplyFailed(db: Db, id: bigint, error: string) {
  await db
    .update(agentOutbox)
    .set({ status: 'failed', lastError: error.slice(0, 500), lockedBy: null, lockedUntil: null })
    .where(eq(agentOutbox.id, id));
}

/** Puts a claimed reply back; `refund` undoes the attempt count when X never saw it (a 429). */
export async function retryReply(
  db: Db,
  id: bigint,
  opts: { error: string; at: Date; refund?: boolean },
) {
  await db
    .update(agentOutbox)
    .set({
      lastError: opts.error.slice(0, 500),
      nextAttemptAt: opts.at,
      lockedBy: null,
      lockedUntil: null,
      ...(opts.refund ? { attempts: sql`greatest(${agentOutbox.attempts} - 1, 0)` } : {}),
    })
    .where(eq(agentOutbox.id, id));
}

/** Send times of our newest posts (for the sliding-window pacing), newest first. */
export async function recentSentTimes(db: Db, count: number, offset = 0): Promise<Date[]> {
  const rows = await db
    .select({ sentAt: agentOutbox.sentAt })
    .from(agentOutbox)
    .where(eq(agentOutbox.status, 'sent'))
    .orderBy(desc(agentOutbox.sentAt))
    .limit(count)
    .offset(offset);
  return rows.map((r) => r.sentAt!).filter(Boolean);
}
