import { and, asc, count, desc, eq, gt, isNotNull, min, ne, or } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { defineQueue, type Lease } from '@/db/queue/index.ts';
import { agentOutbox } from '@/db/schema/index.ts';
import { fitReply } from './fit-reply.ts';
import { summonedReplyTarget } from './reply-target.ts';

export type OutboxRow = typeof agentOutbox.$inferSelect;

/**
 * Queues a reply (true); a second enqueue with the same key (a re-run after a crash) does
 * nothing (false). The text is fitted to X's 280 weighted characters here, for every reply, and
 * every reply goes under a post whose author summoned the agent (`summonedReplyTarget`: X's
 * self-serve rule; a confirm's answer goes under the command it confirms).
 * `priority` orders the queue (reply-priority.ts: answers before long-job replies, Premium first).
 */
export async function enqueueReply(
  db: Db,
  reply: {
    key: string;
    postId: string;
    text: string;
    priority?: number;
    /** Processed X media to attach (a promotion video). */
    mediaIds?: string[];
  } & (
    | { inReplyToId: string; quoteTweetId?: never }
    | { inReplyToId?: never; quoteTweetId: string }
  ),
) {
  const inReplyToId = reply.inReplyToId && (await summonedReplyTarget(db, reply.inReplyToId));
  const inserted = await db
    .insert(agentOutbox)
    .values({ ...reply, ...(inReplyToId ? { inReplyToId } : {}), text: fitReply(reply.text) })
    .onConflictDoNothing({ target: agentOutbox.key })
    .returning({ id: agentOutbox.id });
  return inserted.length > 0;
}

/** The shared queue helper over the outbox: an active Premium subscriber's first, then oldest. */
const outboxQueue = defineQueue({
  table: agentOutbox,
  idKey: 'id',
  order: [desc(agentOutbox.priority), asc(agentOutbox.id)],
});

/** Gives back the replies a stopping worker still leases (see `defineQueue().handBack`). */
export const handBackReplies = (db: Db, workerId: string) => outboxQueue.handBack(db, workerId);

/** A claimed reply: its id and the lease that claim holds. */
type Held = Pick<OutboxRow, 'id'> & Lease;

/** Claims the next due reply (SKIP LOCKED: other processes take the next ones). */
export async function claimNextReply(
  db: Db,
  opts: { workerId: string; leaseMs: number; now: Date },
): Promise<OutboxRow | null> {
  const [row] = await outboxQueue.claim(db, { ...opts, limit: 1 });
  return row ?? null;
}

/**
 * The writes below return false when this worker's lease was taken over: the new holder looks
 * the reply up on the timeline before posting, so it finds ours if it went out.
 */
export const markReplySent = (db: Db, row: Held, sentPostId: string, now: Date) =>
  outboxQueue.finish(db, row, { status: 'sent', sentPostId, sentAt: now });

export const markReplyFailed = (db: Db, row: Held, error: string) =>
  outboxQueue.deadLetter(db, row, { error });

/** Puts a claimed reply back; `refund` undoes the attempt count when X never saw it (a 429). */
export const retryReply = (
  db: Db,
  row: Held,
  opts: { error: string; at: Date; refund?: boolean },
) => outboxQueue.retry(db, row, opts);

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

/**
 * Posts other outbox rows already sent under (or quoting) `refId`: a notice or a confirmed send
 * answered under a post the agent answered before must not take that earlier answer for its own.
 */
export async function sentByOtherRows(db: Db, row: Pick<OutboxRow, 'id'>, refId: string) {
  const rows = await db
    .select({ sentPostId: agentOutbox.sentPostId })
    .from(agentOutbox)
    .where(
      and(
        or(eq(agentOutbox.inReplyToId, refId), eq(agentOutbox.quoteTweetId, refId)),
        ne(agentOutbox.id, row.id),
        isNotNull(agentOutbox.sentPostId),
      ),
    );
  return new Set(rows.map((r) => r.sentPostId!));
}

/** How many posts went out since `since`, and the oldest of them (the 3-hour window's pacing). */
export async function sentSince(db: Db, since: Date) {
  const [row] = await db
    .select({ sent: count(), oldest: min(agentOutbox.sentAt) })
    .from(agentOutbox)
    .where(and(eq(agentOutbox.status, 'sent'), gt(agentOutbox.sentAt, since)));
  return { sent: row?.sent ?? 0, oldest: row?.oldest ?? null };
}
