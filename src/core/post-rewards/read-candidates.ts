import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { rowsOf } from '@/db/rows-of.ts';
import type { XClient } from '@/integrations/x/index.ts';
import type { Candidate, Metrics } from './candidate.ts';

/** The most posts one day scores (oldest first); the rest wait for a later feature (paging). */
export const MAX_POSTS_PER_DAY = 500;

interface InboxRow {
  post_id: string;
  author_id: string;
  author_username: string | null;
  text: string;
  is_command: boolean;
  is_retweet: boolean;
  created_at: string | Date;
}

/**
 * The day's posts that mention the agent (a post the grammar read as any command, even a refused
 * one, is a command; only 'unknown' — no command — is a post about something), as the agent stored them in its inbox (console messages
 * are not posts). Only these: the self-serve X API lets the agent reply to a post only when its
 * author summoned it (integrations §0.2), and a reward is announced by a reply.
 */
export async function readDayPosts(db: Db, p: { start: Date; end: Date }) {
  const result = await db.execute(sql`select post_id, author_id, author_username, text,
      coalesce(command->>'kind', 'unknown') <> 'unknown' as is_command,
      coalesce(post->'referencedTweets', '[]'::jsonb) @> '[{"type":"retweeted"}]' as is_retweet,
      coalesce((post->>'createdAt')::timestamptz, received_at) as created_at
    from agent_inbox
    where source = 'x'
      and coalesce((post->>'createdAt')::timestamptz, received_at) >= ${p.start.toISOString()}
      and coalesce((post->>'createdAt')::timestamptz, received_at) < ${p.end.toISOString()}
    order by length(post_id), post_id limit ${MAX_POSTS_PER_DAY}`);
  return rowsOf<InboxRow>(result);
}

type XReader = Pick<XClient, 'getTweetsWithMetrics' | 'searchConversation'>;

/**
 * What X says about each post now: public metrics, the author's account age and followers, and
 * for posts with replies, who wrote them (`conversation_id:` search) — the few-accounts rule.
 */
export async function readCandidates(
  deps: { x: XReader },
  p: { token: string; agentUserId: string | null; rows: InboxRow[] },
): Promise<Candidate[]> {
  const metrics = new Map<string, Metrics>();
  const authors = new Map<string, { createdAt: Date | null; followers: number | null }>();
  for (let i = 0; i < p.rows.length; i += 100) {
    const ids = p.rows.slice(i, i + 100).map((r) => r.post_id);
    const { tweets, users } = await deps.x.getTweetsWithMetrics(p.token, ids);
    for (const u of users)
      authors.set(u.id, {
        createdAt: u.created_at ? new Date(u.created_at) : null,
        followers: u.public_metrics?.followers_count ?? null,
      });
    for (const t of tweets) {
      const m = t.public_metrics;
      metrics.set(t.id, {
        likes: m?.like_count ?? 0,
        retweets: m?.retweet_count ?? 0,
        replies: m?.reply_count ?? 0,
        quotes: m?.quote_count ?? 0,
        repliers: null,
      });
    }
  }
  for (const row of p.rows) {
    const m = metrics.get(row.post_id);
    if (!m || m.replies === 0) continue;
    const { tweets } = await deps.x.searchConversation(p.token, row.post_id);
    const repliers = new Set(
      tweets.map((t) => t.author_id).filter((a) => a && a !== row.author_id && a !== p.agentUserId),
    );
    m.repliers = repliers.size;
  }
  return p.rows.map((r) => ({
    postId: r.post_id,
    authorId: r.author_id,
    authorUsername: r.author_username,
    text: r.text,
    isCommand: r.is_command,
    isRetweet: r.is_retweet,
    metrics: metrics.get(r.post_id) ?? null,
    author: authors.get(r.author_id) ?? null,
    createdAt: new Date(r.created_at),
    foundBy: 'mention' as const,
  }));
}
