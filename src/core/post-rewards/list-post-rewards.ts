import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { postRewardDays, postRewardPosts } from '@/db/schema/index.ts';
import type { MyPostRewards, PostRewardDay, ScoredPost } from '@/shared/post-rewards/contract.ts';
import { RULES, type RuleCode } from './candidate.ts';

/** A scored day for /rewards (the latest when `day` is not given): every post and why. */
export async function getPostRewardDay(
  deps: { db: Db },
  p: { day?: string },
): Promise<PostRewardDay> {
  const recent = await deps.db
    .select({ day: postRewardDays.day })
    .from(postRewardDays)
    .orderBy(desc(postRewardDays.day))
    .limit(30);
  const day = p.day ?? recent[0]?.day ?? null;
  const [row] = day
    ? await deps.db.select().from(postRewardDays).where(eq(postRewardDays.day, day))
    : [];
  const days = recent.map((r) => r.day);
  if (!row) return { day, pool: '0', note: null, days, posts: [] };
  const posts = await deps.db
    .select()
    .from(postRewardPosts)
    .where(eq(postRewardPosts.day, row.day))
    .orderBy(postRewardPosts.rank, desc(postRewardPosts.total), postRewardPosts.postId);
  return {
    day: row.day,
    pool: row.pool.toString(),
    note: row.note,
    days,
    posts: posts.map(
      (r): ScoredPost => ({
        postId: r.postId,
        username: r.authorUsername,
        text: r.text,
        metrics: r.metrics as ScoredPost['metrics'],
        foundBy: r.foundBy,
        engagementScore: r.engagementScore,
        quality: r.quality as ScoredPost['quality'],
        qualityScore: r.qualityScore,
        total: r.total,
        excludedBy: r.excludedBy as ScoredPost['excludedBy'],
        excludedReason: r.excludedBy
          ? `${RULES[r.excludedBy as RuleCode]} (${r.excludedDetail})`
          : null,
        rank: r.rank,
        amount: r.amount?.toString() ?? null,
        state: r.state,
      }),
    ),
  };
}

/** A user's rewarded posts, newest first (their dashboard). */
export async function listMyPostRewards(
  deps: { db: Db },
  p: { xUserId: string },
): Promise<MyPostRewards['rewards']> {
  const rows = await deps.db
    .select()
    .from(postRewardPosts)
    .where(and(eq(postRewardPosts.authorId, p.xUserId), isNotNull(postRewardPosts.amount)))
    .orderBy(desc(postRewardPosts.day))
    .limit(30);
  return rows.map((r) => ({
    day: r.day,
    postId: r.postId,
    text: r.text,
    total: r.total,
    rank: r.rank ?? 0,
    amount: (r.amount ?? 0n).toString(),
    state: r.state === 'none' ? 'failed' : r.state,
  }));
}
