import type { Db } from '@/db/client.ts';
import { parseMentions } from '../mention-parser.ts';
import { findPost, type XPost } from './posts.ts';
import { findUserById } from './users.ts';

/**
 * X's self-serve API rule (x-api/posts/manage-tweets/integrate.mdx @ 2871328): an account may
 * reply to a post only when "the original author @mentions the replying user/account in their
 * post" or "quotes a post from the replying user/account" (or the post is its own). Whether X
 * counts the "@handle" run it puts at the start of a reply is not documented, so the local X
 * takes the strict reading: in a post that replies to the account, a mention of it in the
 * leading run of handles does not summon it; a mention anywhere else does. A reply without any
 * @handle in its text (X lists it in the account's mentions all the same) summons nobody.
 */
export async function isReplySummoned(db: Db, parent: XPost, replierId: string) {
  if (parent.authorId === replierId) return true;
  if (parent.quotedId !== null) {
    const quoted = await findPost(db, parent.quotedId);
    if (quoted?.authorId === replierId) return true;
  }
  const replier = await findUserById(db, replierId);
  if (!replier) return false;
  const grandparent = parent.inReplyToId === null ? null : await findPost(db, parent.inReplyToId);
  const prefixEnd = grandparent?.authorId === replierId ? leadingRunEnd(parent.text) : 0;
  const wanted = replier.username.toLowerCase();
  return parseMentions(parent.text).some(
    (m) => m.start >= prefixEnd && m.username.toLowerCase() === wanted,
  );
}

/** Where the run of @handles a reply starts with ends (in code points, as mention offsets). */
function leadingRunEnd(text: string): number {
  const chars = Array.from(text);
  const mentions = parseMentions(text);
  let at = 0;
  for (const m of mentions) {
    const gap = chars.slice(at, m.start).join('');
    if (gap.trim() !== '') break;
    at = m.end;
  }
  return at;
}
