import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { agentInbox } from '@/db/schema/index.ts';
import { setAgentState } from '../state.ts';
import { firstVersionId, type InboxPost } from './normalize-post.ts';

/**
 * Stores posts in the inbox (a post already there is left alone: the post id is the key) and,
 * in the same transaction, moves the mentions cursor. The cursor therefore never gets ahead of
 * what is durably stored: a crash before commit re-reads the same window next time.
 */
export async function storeMentions(
  db: Db,
  posts: InboxPost[],
  cursor: { newestId: string | null; skippedThroughId?: string; now: Date },
): Promise<number> {
  return db.transaction(async (tx) => {
    const stored = await insertInboxPosts(tx, posts, cursor.now);
    if (cursor.newestId) {
      await setAgentState(tx, 'mentions_cursor', {
        sinceId: cursor.newestId,
        at: cursor.now.toISOString(),
        ...(cursor.skippedThroughId ? { skippedThroughId: cursor.skippedThroughId } : {}),
      });
    }
    await setAgentState(tx, 'mentions_last_poll', {
      at: cursor.now.toISOString(),
      count: posts.length,
      newestId: cursor.newestId,
    });
    return stored;
  });
}

/** A post X pushed (webhook): into the inbox, or nothing if it is there already. The cursor stays. */
export const storePushedPost = (db: Db, post: InboxPost, now: Date) =>
  insertInboxPosts(db, [post], now);

/** Whether the post is in the inbox already (pushed or polled before). */
export async function isInInbox(db: Db, postId: string): Promise<boolean> {
  const rows = await db
    .select({ postId: agentInbox.postId })
    .from(agentInbox)
    .where(eq(agentInbox.postId, postId))
    .limit(1);
  return rows.length > 0;
}

async function insertInboxPosts(db: Db, posts: InboxPost[], now: Date): Promise<number> {
  if (posts.length === 0) return 0;
  const rows = await db
    .insert(agentInbox)
    .values(
      posts.map((p) => ({
        postId: p.id,
        source: 'x' as const,
        authorId: p.authorId,
        authorUsername: p.authorUsername,
        text: p.text,
        post: p,
        firstVersionId: firstVersionId(p),
        // The app's clock, as the queue's claims compare against it (not the database's).
        receivedAt: now,
        nextAttemptAt: now,
      })),
    )
    .onConflictDoNothing({ target: agentInbox.postId })
    .returning({ postId: agentInbox.postId });
  return rows.length;
}
