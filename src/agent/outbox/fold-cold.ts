import { and, desc, eq, inArray, isNull, like, lt, or, sql } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { agentInbox, agentOutbox } from '@/db/schema/index.ts';
import { digestText } from './digest-text.ts';
import { enqueueReply, type OutboxRow, retryReply } from './outbox-queue.ts';

/** A conversation is cold an hour after the mention: a reply later than that is folded. */
export const COLD_AFTER_MS = 60 * 60_000;
/** A digest takes the turn of the reply whose turn came, so it leaves next. */
export const DIGEST_PRIORITY = 4;

export interface ColdReplies {
  publicUrl: string;
  afterMs: number;
}

/** Outcomes that moved money: listed first in a digest, so they are never the ones cut. */
const MONEY = ['sent', 'subscribed'];

const mentionAt = sql<string>`coalesce(${agentInbox.post}->>'createdAt', ${agentInbox.receivedAt}::text)`;

/**
 * The cold-conversation rule (decision 0063). When a command's reply comes up more than
 * `afterMs` after its mention, it and every other reply still queued for the same author are
 * folded into one digest reply listing their receipts, posted in its place; each folded row is
 * marked `folded` with the digest's key, so its receipt says where its answer went. An author
 * gets at most one digest an hour: a cold reply within the hour after one waits until the hour
 * is over and then folds with whatever else is queued. True when the row was handled here.
 */
export async function foldIfCold(
  deps: { db: Db; now: () => Date; workerId: string; cold: ColdReplies },
  row: OutboxRow,
): Promise<boolean> {
  if (!row.key.startsWith('reply:')) return false;
  const { db } = deps;
  const now = deps.now();
  const [mention] = await db
    .select({ authorId: agentInbox.authorId, at: mentionAt })
    .from(agentInbox)
    .where(eq(agentInbox.postId, row.postId));
  if (!mention || now.getTime() - new Date(mention.at).getTime() < deps.cold.afterMs) return false;

  const digestPrefix = `digest:${mention.authorId}:`;
  const [last] = await db
    .select({ createdAt: agentOutbox.createdAt })
    .from(agentOutbox)
    .where(like(agentOutbox.key, `${digestPrefix}%`))
    .orderBy(desc(agentOutbox.id))
    .limit(1);
  const nextDigestAt = last ? last.createdAt.getTime() + deps.cold.afterMs : 0;
  if (nextDigestAt > now.getTime()) {
    const at = new Date(nextDigestAt);
    await retryReply(db, row, { error: 'cold: waits for the next digest', at, refund: true });
    return true;
  }
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const key = `${digestPrefix}${row.id}`;
    const theirs = tx
      .select({ postId: agentInbox.postId })
      .from(agentInbox)
      .where(eq(agentInbox.authorId, mention.authorId));
    // Every reply of theirs still queued and not being posted by another worker right now.
    const folded = await tx
      .update(agentOutbox)
      .set({ status: 'folded', foldedInto: key, lockedBy: null, lockedUntil: null })
      .where(
        and(
          eq(agentOutbox.status, 'pending'),
          like(agentOutbox.key, 'reply:%'),
          inArray(agentOutbox.postId, theirs),
          or(
            eq(agentOutbox.id, row.id),
            isNull(agentOutbox.lockedUntil),
            lt(agentOutbox.lockedUntil, now),
          ),
        ),
      )
      .returning({ id: agentOutbox.id, postId: agentOutbox.postId, to: agentOutbox.inReplyToId });
    if (folded.length === 0) return true;
    const kinds = await tx
      .select({
        postId: agentInbox.postId,
        kind: sql<string | null>`${agentInbox.outcome}->>'kind'`,
      })
      .from(agentInbox)
      .where(
        inArray(
          agentInbox.postId,
          folded.map((f) => f.postId),
        ),
      );
    const money = new Set(kinds.filter((k) => MONEY.includes(k.kind ?? '')).map((k) => k.postId));
    const receipts = folded
      .map((f) => ({ postId: f.postId, money: money.has(f.postId) }))
      .sort(
        (a, b) =>
          Number(b.money) - Number(a.money) || (BigInt(a.postId) < BigInt(b.postId) ? -1 : 1),
      );
    // Under their latest post: the newest mention they summoned the agent with.
    const latest = folded.reduce((a, b) => (b.id > a.id ? b : a));
    await enqueueReply(tx, {
      key,
      postId: latest.postId,
      inReplyToId: latest.to ?? latest.postId,
      text: digestText(receipts, deps.cold.publicUrl),
      priority: DIGEST_PRIORITY,
    });
    return true;
  });
}
