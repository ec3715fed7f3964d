import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { postRewardDays, postRewardPosts } from '@/db/schema/index.ts';
import type { LlmClient } from '@/integrations/llm/index.ts';
import type { XClient } from '@/integrations/x/index.ts';
import { decideDay, screen } from './decide-day.ts';
import { rateQuality } from './rate-quality.ts';
import { readCandidates, readDayPosts } from './read-candidates.ts';
import { readCashtagPosts } from './read-cashtag-posts.ts';
import { readEngagers } from './read-engagers.ts';
import { dayBounds, type PostRewardSettings } from './settings.ts';

export interface ScoreDeps {
  db: Db;
  x: Pick<
    XClient,
    | 'getTweetsWithMetrics'
    | 'searchConversation'
    | 'searchRecent'
    | 'getLikingUsers'
    | 'getRetweetedBy'
  >;
  llm: LlmClient | null;
  now: () => Date;
}

/**
 * Scores a UTC day once: reads its posts, X's metrics, the model's ratings, applies the rules,
 * then writes the day and every post (score parts or the rule that excluded it, winners'
 * amounts) in one transaction under a per-day lock. A day already written is left as it is.
 */
export async function scorePostRewardDay(
  deps: ScoreDeps,
  p: {
    day: string;
    settings: PostRewardSettings;
    access: { accessToken: string; xUserId: string };
    lastAttempt: boolean;
  },
): Promise<{ created: boolean }> {
  const [done] = await deps.db.select().from(postRewardDays).where(eq(postRewardDays.day, p.day));
  if (done) return { created: false };
  const bounds = dayBounds(p.day);
  const rows = await readDayPosts(deps.db, bounds);
  const agentUserId = p.access.xUserId;
  const token = p.access.accessToken;
  const mentioned = await readCandidates(deps, { token, agentUserId, rows });
  // Posts with the $UP cashtag that do not mention the agent; a post found both ways is the inbox's.
  const seen = new Set(mentioned.map((c) => c.postId));
  const tagged = (
    await readCashtagPosts(deps, { token, agentUserId, ...bounds, now: deps.now() })
  ).filter((c) => !seen.has(c.postId));
  // Oldest first, as the duplicate rule reads "an earlier post of the day".
  const candidates = [...mentioned, ...tagged].sort(
    (a, b) =>
      a.postId.length - b.postId.length || (a.postId < b.postId ? -1 : a.postId > b.postId ? 1 : 0),
  );
  await readEngagers(deps, { token, agentUserId, candidates });
  const screened = screen(candidates, { agentUserId, settings: p.settings });
  const toRate = screened.filter((s) => !s.exclusion).map((s) => s.candidate);
  const { ratings, note } = await rateQuality(deps, { posts: toRate, lastAttempt: p.lastAttempt });
  const scored = decideDay(screened, ratings, p.settings);
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`post-rewards:${p.day}`}))`);
    const [existing] = await tx.select().from(postRewardDays).where(eq(postRewardDays.day, p.day));
    if (existing) return { created: false };
    await tx.insert(postRewardDays).values({ day: p.day, pool: p.settings.pool, note });
    if (scored.length > 0)
      await tx.insert(postRewardPosts).values(
        scored.map((s) => ({
          day: p.day,
          postId: s.candidate.postId,
          authorId: s.candidate.authorId,
          authorUsername: s.candidate.authorUsername,
          text: s.candidate.text.slice(0, 1000),
          metrics: s.candidate.metrics ?? {},
          foundBy: s.candidate.foundBy,
          engagementScore: s.engagementScore,
          quality: s.quality,
          qualityScore: s.qualityScore,
          total: s.total,
          excludedBy: s.exclusion?.rule ?? null,
          excludedDetail: s.exclusion?.detail ?? null,
          rank: s.rank,
          amount: s.amount,
          state: s.amount ? ('planned' as const) : ('none' as const),
        })),
      );
    return { created: true };
  });
}
