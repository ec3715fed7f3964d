import { and, eq, gt, inArray, isNull, max, or, sql } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { xMentions, xPosts, xUsers } from '../../db/schema/index.ts';
import { snowflake } from '../ids.ts';
import { parseMentions } from '../mention-parser.ts';
import { findMedia, processingState } from './media.ts';
import { findUsersByUsernames } from './users.ts';

export type XPost = typeof xPosts.$inferSelect;

const DUPLICATE_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Served: not deleted, and not by a suspended account (X stops serving those, decision 0048). */
const live = and(
  isNull(xPosts.deletedAt),
  sql`not exists (select 1 from ${xUsers} where ${xUsers.id} = ${xPosts.authorId}
    and ${xUsers.suspendedAt} is not null)`,
);

export async function findPostsByIds(db: Db, ids: bigint[]): Promise<XPost[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(xPosts)
    .where(and(inArray(xPosts.id, [...new Set(ids)]), live));
}

export async function findPost(db: Db, id: bigint): Promise<XPost | undefined> {
  return (await findPostsByIds(db, [id]))[0];
}

export interface NewPost {
  authorId: string;
  text: string;
  inReplyToId?: bigint;
  quotedId?: bigint;
  mediaIds?: bigint[];
  now: Date;
}

export type CreatePostResult =
  | { ok: true; post: XPost }
  | { ok: false; reason: 'duplicate' | 'parent_not_found' | 'quoted_not_found' | 'invalid_media' };

/**
 * Creates a post as X would: refuses the same text from the same author within 24 hours and
 * replies/quotes of missing posts; records whom it mentions so mention timelines are a query.
 */
export async function createPost(db: Db, input: NewPost): Promise<CreatePostResult> {
  const since = new Date(input.now.getTime() - DUPLICATE_WINDOW_MS);
  const [duplicate] = await db
    .select({ id: xPosts.id })
    .from(xPosts)
    .where(
      and(
        eq(xPosts.authorId, input.authorId),
        eq(xPosts.text, input.text),
        gt(xPosts.createdAt, since),
        live,
      ),
    )
    .limit(1);
  if (duplicate) return { ok: false, reason: 'duplicate' };
  const parent = input.inReplyToId ? await findPost(db, input.inReplyToId) : undefined;
  if (input.inReplyToId && !parent) return { ok: false, reason: 'parent_not_found' };
  if (input.quotedId && !(await findPost(db, input.quotedId))) {
    return { ok: false, reason: 'quoted_not_found' };
  }
  for (const mediaId of input.mediaIds ?? []) {
    const media = await findMedia(db, mediaId);
    const ready = media && processingState(media, input.now) === 'succeeded';
    if (!ready || media.ownerId !== input.authorId) return { ok: false, reason: 'invalid_media' };
  }
  const mentionedIds = await mentionedUserIds(db, input.text, input.authorId, parent);

  for (let attempt = 0; ; attempt++) {
    const id = await nextPostId(db, input.now);
    try {
      const post = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(xPosts)
          .values({
            id,
            authorId: input.authorId,
            text: input.text,
            conversationId: parent?.conversationId ?? id,
            inReplyToId: parent?.id ?? null,
            inReplyToUserId: parent?.authorId ?? null,
            quotedId: input.quotedId ?? null,
            mediaIds: input.mediaIds?.map(String) ?? null,
            createdAt: input.now,
          })
          .returning();
        if (mentionedIds.size > 0) {
          await tx
            .insert(xMentions)
            .values([...mentionedIds].map((userId) => ({ postId: id, userId })));
        }
        return row!;
      });
      return { ok: true, post };
    } catch (err) {
      // Two posts raced for the same id: take the next one.
      if (attempt >= 3) throw err;
    }
  }
}

/** Whom a post's text mentions (existing accounts), plus the parent's author for a reply. */
export async function mentionedUserIds(
  db: Db,
  text: string,
  authorId: string,
  parent: XPost | undefined,
): Promise<Set<string>> {
  const mentioned = await findUsersByUsernames(
    db,
    parseMentions(text).map((m) => m.username),
  );
  const ids = new Set(mentioned.map((u) => u.id));
  // A reply shows in the parent author's mentions even without a typed @handle, as on X.
  if (parent && parent.authorId !== authorId) ids.add(parent.authorId);
  return ids;
}

/** Ids increase even when the clock does not (tests freeze it; clocks step back). */
export async function nextPostId(db: Db, now: Date): Promise<bigint> {
  const [row] = await db.select({ last: max(xPosts.id) }).from(xPosts);
  const candidate = snowflake(now);
  const last = row?.last === null || row?.last === undefined ? 0n : BigInt(row.last);
  return candidate > last ? candidate : last + 1n + BigInt(Math.floor(Math.random() * 64));
}

/** X: "Deleting any version deletes the entire chain" (x-api/fundamentals/edit-posts.mdx). */
export async function deletePost(db: Db, id: bigint, now: Date): Promise<void> {
  const [post] = await db
    .select({ first: xPosts.firstVersionId })
    .from(xPosts)
    .where(eq(xPosts.id, id));
  const first = post?.first ?? id;
  await db
    .update(xPosts)
    .set({ deletedAt: now })
    .where(or(eq(xPosts.id, first), eq(xPosts.firstVersionId, first)));
}
