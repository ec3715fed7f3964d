import type { XClient } from '@/integrations/x/index.ts';
import type { Candidate } from './candidate.ts';

/** The recent-search query: posts with the $UP cashtag, reposts left out (X's operators). */
export const CASHTAG_QUERY = '$UP -is:retweet';
/** At most 500 posts a day from search (5 pages of 100): the day's cap, as for mentions. */
const MAX_PAGES = 5;
/** X's recent search reaches 7 days back and refuses an end_time later than 10 s ago. */
const SEARCH_HORIZON_MS = 7 * 86_400_000 - 60_000;
const END_TIME_LAG_MS = 15_000;

/**
 * The day's posts with the $UP cashtag from X's recent search (start_time/end_time for the day,
 * `next_token` pages), with their public metrics and authors from the same answer. Posts that
 * mention the agent are left to the inbox, which read them as commands or not; a day older than
 * the search horizon gets no cashtag posts.
 */
export async function readCashtagPosts(
  deps: { x: Pick<XClient, 'searchRecent'> },
  p: { token: string; agentUserId: string | null; start: Date; end: Date; now: Date },
): Promise<Candidate[]> {
  const start = new Date(Math.max(p.start.getTime(), p.now.getTime() - SEARCH_HORIZON_MS));
  if (start >= p.end) return [];
  const endTime = p.end.getTime() <= p.now.getTime() - END_TIME_LAG_MS ? p.end : undefined;
  const found = await deps.x.searchRecent(p.token, {
    query: CASHTAG_QUERY,
    startTime: start,
    endTime,
    maxPages: MAX_PAGES,
  });
  const authors = new Map(found.users.map((u) => [u.id, u]));
  return found.tweets.flatMap((t): Candidate[] => {
    const createdAt = t.created_at ? new Date(t.created_at) : null;
    if (!t.author_id || !createdAt || createdAt < p.start || createdAt >= p.end) return [];
    const mentions = (t.entities?.mentions ?? []) as { id?: string }[];
    if (p.agentUserId && mentions.some((m) => m.id === p.agentUserId)) return [];
    const author = authors.get(t.author_id);
    const m = t.public_metrics;
    return [
      {
        postId: t.id,
        authorId: t.author_id,
        authorUsername: author?.username ?? null,
        text: t.text,
        isCommand: false,
        isRetweet: (t.referenced_tweets ?? []).some((r) => r.type === 'retweeted'),
        metrics: {
          likes: m?.like_count ?? 0,
          retweets: m?.retweet_count ?? 0,
          replies: m?.reply_count ?? 0,
          quotes: m?.quote_count ?? 0,
          repliers: null,
        },
        author: author
          ? {
              createdAt: author.created_at ? new Date(author.created_at) : null,
              followers: author.public_metrics?.followers_count ?? null,
            }
          : null,
        createdAt,
        foundBy: 'cashtag',
      },
    ];
  });
}
