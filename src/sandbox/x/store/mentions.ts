import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { xMentions, xPosts } from '../../db/schema/index.ts';

/** X serves only the 800 most recent mentions of an account. */
export const MENTIONS_HORIZON = 800;

export interface MentionFilter {
  userId: string;
  /** since_id: only posts with a greater id. */
  sinceId?: bigint;
  /** until_id: only posts with a smaller id. */
  untilId?: bigint;
  startTime?: Date;
  endTime?: Date;
}

/**
 * Ids of the reachable mentions matching the filter, newest first. Ids and time bounds are
 * applied after the 800-post horizon, so older mentions stay unreachable whatever is asked.
 */
export async function reachableMentionIds(db: Db, f: MentionFilter): Promise<bigint[]> {
  const recent = await db
    .select({ id: xMentions.postId, createdAt: xPosts.createdAt })
    .from(xMentions)
    .innerJoin(xPosts, eq(xPosts.id, xMentions.postId))
    .where(
      and(
        eq(xMentions.userId, f.userId),
        isNull(xPosts.deletedAt),
        // X: "Timeline endpoints always return the most recent version" of an edited post.
        isNull(xPosts.nextVersionId),
      ),
    )
    .orderBy(desc(xMentions.postId))
    .limit(MENTIONS_HORIZON);
  return recent
    .filter(
      (r) =>
        (f.sinceId === undefined || r.id > f.sinceId) &&
        (f.untilId === undefined || r.id < f.untilId) &&
        (f.startTime === undefined || r.createdAt >= f.startTime) &&
        (f.endTime === undefined || r.createdAt < f.endTime),
    )
    .map((r) => r.id);
}
