import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { xMentions, xPosts } from '../../db/schema/index.ts';
import { findPost, mentionedUserIds, nextPostId, type XPost } from './posts.ts';

/**
 * X's edit rules (xdevplatform/docs x-api/fundamentals/edit-posts.mdx): "Posts on X can be
 * edited within 30 minutes of posting, up to 5 times", counted from the first version.
 */
export const EDIT_WINDOW_MS = 30 * 60_000;
export const MAX_EDITS = 5;

export type EditPostResult =
  | { ok: true; post: XPost }
  | {
      ok: false;
      reason: 'not_found' | 'not_newest' | 'not_editable' | 'window_closed' | 'edit_limit';
    };

/**
 * Whether a post's kind can be edited at all. Of X's list ("What can't be edited") the local X
 * has only one kind: replies to others (non-self-thread replies). Polls, promoted, community
 * and scheduled posts do not exist here; reposts are not posts.
 */
export const isEditEligible = (post: XPost) =>
  post.inReplyToUserId === null || post.inReplyToUserId === post.authorId;

/**
 * Edits a post as X does: a NEW post (new id, the text's mentions found again) that keeps what
 * the previous version replies to or quotes, chained to the first version. Only the newest
 * version can be edited; the previous one is marked replaced in the same transaction, so two
 * edits of one version at once make one new version, not two.
 */
export async function editPost(
  db: Db,
  input: { id: bigint; text: string; now: Date },
): Promise<EditPostResult> {
  const previous = await findPost(db, input.id);
  if (!previous) return { ok: false, reason: 'not_found' };
  if (previous.nextVersionId !== null) return { ok: false, reason: 'not_newest' };
  if (!isEditEligible(previous)) return { ok: false, reason: 'not_editable' };
  const firstId = previous.firstVersionId ?? previous.id;
  const first = firstId === previous.id ? previous : await findPost(db, firstId);
  if (!first || input.now.getTime() - first.createdAt.getTime() > EDIT_WINDOW_MS) {
    return { ok: false, reason: 'window_closed' };
  }
  const versions = await db
    .select({ id: xPosts.id })
    .from(xPosts)
    .where(eq(xPosts.firstVersionId, firstId));
  if (versions.length >= MAX_EDITS) return { ok: false, reason: 'edit_limit' };

  const parent = previous.inReplyToId ? await findPost(db, previous.inReplyToId) : undefined;
  const mentioned = await mentionedUserIds(db, input.text, previous.authorId, parent);
  const id = await nextPostId(db, input.now);
  return db.transaction(async (tx) => {
    const replaced = await tx
      .update(xPosts)
      .set({ nextVersionId: id })
      .where(and(eq(xPosts.id, previous.id), isNull(xPosts.nextVersionId)))
      .returning({ id: xPosts.id });
    if (replaced.length === 0) return { ok: false, reason: 'not_newest' } as const;
    const [post] = await tx
      .insert(xPosts)
      .values({
        id,
        authorId: previous.authorId,
        text: input.text,
        conversationId: previous.conversationId,
        inReplyToId: previous.inReplyToId,
        inReplyToUserId: previous.inReplyToUserId,
        quotedId: previous.quotedId,
        mediaIds: previous.mediaIds,
        firstVersionId: firstId,
        createdAt: input.now,
      })
      .returning();
    if (mentioned.size > 0) {
      await tx.insert(xMentions).values([...mentioned].map((userId) => ({ postId: id, userId })));
    }
    return { ok: true, post: post! } as const;
  });
}

/**
 * Why an edit is refused (the API's 403 detail and the web page's error). X documents the rules
 * (x-api/fundamentals/edit-posts.mdx) but not the words of its refusals: these are ours.
 */
export const EDIT_REFUSALS: Record<Exclude<EditPostResult, { ok: true }>['reason'], string> = {
  not_found: '',
  not_newest: 'Only the most recent version of a Post can be edited.',
  not_editable: 'This Post is not eligible for editing.',
  window_closed: 'This Post can no longer be edited: the 30-minute edit window has closed.',
  edit_limit: `This Post can no longer be edited: it has been edited ${MAX_EDITS} times.`,
};
