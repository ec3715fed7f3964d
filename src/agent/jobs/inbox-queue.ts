import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { agentInbox } from '../../db/schema/index.ts';

export type InboxRow = typeof agentInbox.$inferSelect;

/**
 * Claims up to `limit` due inbox jobs for this worker: pending, due, and not leased (or with an
 * expired lease: its worker crashed). FOR UPDATE SKIP LOCKED lets several processes claim at
 * once on PostgreSQL without waiting on or taking each other's rows.
 */
export async function claimInboxJobs(
  db: Db,
  opts: { workerId: string; limit: number; leaseMs: number; now: Date },
): Promise<InboxRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ postId: agentInbox.postId })
      .from(agentInbox)
      .where(
        and(
          eq(agentInbox.status, 'pending'),
          lte(agentInbox.nextAttemptAt, opts.now),
          or(isNull(agentInbox.lockedUntil), lt(agentInbox.lockedUntil, opts.now)),
        ),
      )
      .orderBy(asc(agentInbox.receivedAt), asc(agentInbox.postId))
      .limit(opts.limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    const rows = await tx
      .update(agentInbox)
      .set({
        lockedBy: opts.workerId,
        lockedUntil: new Date(opts.now.getTime() + opts.leaseMs),
        attempts: sql`${agentInbox.attempts} + 1`,
      })
      .where(
        inArray(
          agentInbox.postId,
          due.map((d) => d.postId),
        ),
      )
      .returning();
    return rows.sort((a, b) => a.receivedAt.getTime() - b.receivedAt.getTime());
  });
}

/** A retryable failure: release the lease and try again after `delayMs`. */
export async function retryInboxJob(
  db: Db,
  postId: string,
  opts: { error: string; delayMs: number; now: Date },
) {
  await db
    .update(agentInbox)
    .set({
      lockedBy: null,
      lockedUntil: null,
      lastError: opts.error.slice(0, 500),
      nextAttemptAt: new Date(opts.now.getTime() + opts.delayMs),
    })
    .where(and(eq(agentInbox.postId, postId), eq(agentInbox.status, 'pending')));
}

/** Marks a job finished (done or failed for good) with what the agent understood and did. */
export async function finishInboxJob(
  db: Db,
  postId: string,
  result: {
    status: 'done' | 'failed';
    command: unknown;
    outcome: unknown;
    replyText: string | null;
    error?: string;
    now: Date;
  },
) {
  await db
    .update(agentInbox)
    .set({
      status: result.status,
      command: result.command ?? null,
      outcome: result.outcome ?? null,
      replyText: result.replyText,
      lastError: result.error?.slice(0, 500) ?? null,
      processedAt: result.now,
      lockedBy: null,
      lockedUntil: null,
    })
    .where(and(eq(agentInbox.postId, postId), eq(agentInbox.status, 'pending')));
}
