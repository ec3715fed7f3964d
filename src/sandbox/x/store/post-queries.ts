import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { xPosts } from '../../db/schema/index.ts';
import type { XPost } from './posts.ts';

const live = isNull(xPosts.deletedAt);

/**
 * Newest first; `authorId` narrows to one account. `newestVersions` leaves out versions that
 * were edited since, as X's timelines do (the admin listing shows every version).
 */
export async function listRecentPosts(
  db: Db,
  opts: { limit: number; authorId?: string; newestVersions?: boolean },
) {
  const where = and(
    live,
    opts.authorId ? eq(xPosts.authorId, opts.authorId) : undefined,
    opts.newestVersions ? isNull(xPosts.nextVersionId) : undefined,
  );
  return db.select().from(xPosts).where(where).orderBy(desc(xPosts.id)).limit(opts.limit);
}

/** Every live post of the conversations given (for threads under a timeline entry). */
export async function listConversations(db: Db, conversationIds: bigint[]): Promise<XPost[]> {
  if (conversationIds.length === 0) return [];
  return db
    .select()
    .from(xPosts)
    .where(and(live, inArray(xPosts.conversationId, [...new Set(conversationIds)])))
    .orderBy(xPosts.id)
    .limit(2000);
}

/** Replies and quotes per post (public_metrics). */
export async function countReferences(db: Db, ids: bigint[]) {
  if (ids.length === 0) return new Map<string, { replies: number; quotes: number }>();
  const count = (column: typeof xPosts.inReplyToId | typeof xPosts.quotedId) =>
    db
      .select({ id: column, n: sql<number>`count(*)::int` })
      .from(xPosts)
      .where(and(live, inArray(column, ids)))
      .groupBy(column);
  const [replies, quotes] = await Promise.all([count(xPosts.inReplyToId), count(xPosts.quotedId)]);
  const out = new Map(ids.map((id) => [id.toString(), { replies: 0, quotes: 0 }]));
  for (const r of replies) if (r.id !== null) out.get(r.id.toString())!.replies = Number(r.n);
  for (const q of quotes) if (q.id !== null) out.get(q.id.toString())!.quotes = Number(q.n);
  return out;
}
