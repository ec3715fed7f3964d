import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { xEngagements } from '../../db/schema/index.ts';

export type EngagementKind = 'like' | 'repost';

/** A like or repost by an account; the same one twice is one (X keeps one per account). */
export async function addEngagement(
  db: Db,
  p: { postId: bigint; userId: string; kind: EngagementKind; now: Date },
): Promise<void> {
  await db
    .insert(xEngagements)
    .values({ postId: p.postId, userId: p.userId, kind: p.kind, createdAt: p.now })
    .onConflictDoNothing();
}

export async function removeEngagement(
  db: Db,
  p: { postId: bigint; userId: string; kind: EngagementKind },
): Promise<void> {
  await db
    .delete(xEngagements)
    .where(
      and(
        eq(xEngagements.postId, p.postId),
        eq(xEngagements.userId, p.userId),
        eq(xEngagements.kind, p.kind),
      ),
    );
}

/** like_count and retweet_count per post (public_metrics). */
export async function countEngagements(db: Db, ids: bigint[]) {
  const out = new Map<string, { likes: number; reposts: number }>();
  for (const id of ids) out.set(id.toString(), { likes: 0, reposts: 0 });
  if (ids.length === 0) return out;
  const rows = await db
    .select({ postId: xEngagements.postId, kind: xEngagements.kind, n: sql<number>`count(*)::int` })
    .from(xEngagements)
    .where(inArray(xEngagements.postId, [...new Set(ids)]))
    .groupBy(xEngagements.postId, xEngagements.kind);
  for (const r of rows) {
    const m = out.get(r.postId.toString())!;
    if (r.kind === 'like') m.likes = Number(r.n);
    else m.reposts = Number(r.n);
  }
  return out;
}

/**
 * The accounts that liked (or reposted) a post, most recent first: `size` of them from `offset`,
 * plus one more to tell whether another page follows.
 */
export async function listEngagers(
  db: Db,
  p: { postId: bigint; kind: EngagementKind; size: number; offset: number },
) {
  return db
    .select({ userId: xEngagements.userId })
    .from(xEngagements)
    .where(and(eq(xEngagements.postId, p.postId), eq(xEngagements.kind, p.kind)))
    .orderBy(desc(xEngagements.createdAt), desc(xEngagements.userId))
    .limit(p.size + 1)
    .offset(p.offset);
}
