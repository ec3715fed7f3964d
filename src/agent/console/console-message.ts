import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { agentInbox } from '@/db/schema/index.ts';
import type { ProcessDeps } from '../engine/process-job.ts';
import { processJob } from '../engine/process-job.ts';
import type { InboxPost } from '../inbox/normalize-post.ts';
import { claimInboxJob } from '../jobs/inbox-queue.ts';

/** How long the background worker leaves a console message to the request that sent it. */
const REQUEST_GRACE_MS = 30_000;

export class ConsoleIdTaken extends Error {}

export const consoleInboxId = (messageId: string) => `console-${messageId}`;

/**
 * Runs a console message through the same engine as posts. The message id (a UUID made by the
 * browser) is the idempotency key: sending it again returns the first answer and moves nothing.
 * The row is stored first; if this request dies the background worker finishes it.
 */
export async function runConsoleMessage(
  deps: ProcessDeps,
  p: { messageId: string; user: { xUserId: string; username: string }; text: string },
) {
  const postId = consoleInboxId(p.messageId);
  const now = deps.now();
  const post: InboxPost = {
    id: postId,
    authorId: p.user.xUserId,
    authorUsername: p.user.username,
    text: p.text,
    createdAt: now.toISOString(),
    conversationId: null,
    inReplyToUserId: null,
    referencedTweets: [],
    entities: null,
  };
  await deps.db
    .insert(agentInbox)
    .values({
      postId,
      source: 'console',
      authorId: p.user.xUserId,
      authorUsername: p.user.username,
      text: p.text,
      post,
      nextAttemptAt: new Date(now.getTime() + REQUEST_GRACE_MS),
    })
    .onConflictDoNothing();

  const claimed = await claimInboxJob(deps.db, {
    postId,
    authorId: p.user.xUserId,
    workerId: 'console',
    leaseMs: REQUEST_GRACE_MS,
    now,
  });
  if (claimed) await processJob(deps, claimed);
  const row = await getConsoleRow(deps.db, postId);
  if (!row || row.authorId !== p.user.xUserId) throw new ConsoleIdTaken();
  return toConsoleEntry(row);
}

async function getConsoleRow(db: Db, postId: string) {
  const [row] = await db.select().from(agentInbox).where(eq(agentInbox.postId, postId));
  return row;
}

export function toConsoleEntry(row: typeof agentInbox.$inferSelect) {
  return {
    id: row.postId.replace(/^console-/, ''),
    receiptId: row.postId,
    text: row.text,
    status: row.status,
    reply: row.replyText,
    outcome: row.outcome,
    createdAt: row.receivedAt.toISOString(),
  };
}

/** The user's console history, newest first. */
export async function listConsoleHistory(db: Db, xUserId: string, limit = 50) {
  const rows = await db
    .select()
    .from(agentInbox)
    .where(and(eq(agentInbox.source, 'console'), eq(agentInbox.authorId, xUserId)))
    .orderBy(desc(agentInbox.receivedAt))
    .limit(limit);
  return rows.map(toConsoleEntry);
}
