import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { xMentions } from '../../db/schema/index.ts';
import { findPost, type XPost } from './posts.ts';

/**
 * X's self-serve API rule (integrations.md §0.2): an account may reply to a post only when the
 * post's author summoned it — the post is its own, mentions it (a reply to it counts: X lists it
 * in the account's mentions), or quotes one of its posts.
 */
export async function isReplySummoned(db: Db, parent: XPost, replierId: string) {
  if (parent.authorId === replierId) return true;
  const [mention] = await db
    .select({ postId: xMentions.postId })
    .from(xMentions)
    .where(and(eq(xMentions.postId, parent.id), eq(xMentions.userId, replierId)))
    .limit(1);
  if (mention) return true;
  if (parent.quotedId === null) return false;
  const quoted = await findPost(db, parent.quotedId);
  return quoted?.authorId === replierId;
}
