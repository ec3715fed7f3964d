import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { agentOutbox } from '@/db/schema/index.ts';
import { COLD_AFTER_MS } from '../outbox/fold-cold.ts';
import type { PostingLimits } from '../outbox/pacing.ts';
import { replyQueuePlace } from '../outbox/queue-place.ts';

/**
 * A receipt's reply as the outbox holds it: posted, still queued (its place in line and when it
 * should leave, so nobody is left guessing), or folded into a digest reply (decision 0063).
 */
export async function getReplyLine(
  db: Db,
  key: string | null,
  p: { postedAt: string; limits: PostingLimits | null; now: Date },
) {
  const [reply] = key ? await db.select().from(agentOutbox).where(eq(agentOutbox.key, key)) : [];
  if (!reply) return null;
  const queued = reply.status === 'pending' && p.limits;
  const [place, [digest]] = await Promise.all([
    queued ? replyQueuePlace(db, reply, { limits: p.limits!, now: p.now }) : null,
    reply.foldedInto
      ? db
          .select({ status: agentOutbox.status, sentPostId: agentOutbox.sentPostId })
          .from(agentOutbox)
          .where(eq(agentOutbox.key, reply.foldedInto))
      : [],
  ]);
  return {
    text: reply.text,
    status: reply.status,
    sentPostId:
      reply.sentPostId ?? (reply.status === 'folded' ? (digest?.sentPostId ?? null) : null),
    sentAt: reply.sentAt?.toISOString() ?? null,
    queue: place && {
      ...place,
      /** Past this moment the reply is folded into one digest reply instead (fold-cold.ts). */
      coldAt: new Date(new Date(p.postedAt).getTime() + COLD_AFTER_MS).toISOString(),
    },
    /** The digest reply this one was folded into: queued, or posted (its post id). */
    folded: reply.foldedInto
      ? { status: digest?.status ?? 'pending', postId: digest?.sentPostId ?? null }
      : null,
  };
}
