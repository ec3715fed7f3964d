import { type Context, Hono } from 'hono';
import { findStoredPost } from '@/core/evidence/stored-post.ts';
import type { LivePost, LivePostResponse, TweetStatus } from '@/shared/evidence/contract.ts';
import type { ApiDeps } from '../deps.ts';
import { notFound } from '../http/errors.ts';
import { createLimiter } from '../http/limiter.ts';
import { clientIp, tooManyRequests } from '../http/rate-limits.ts';
import { idOf } from './digital-evidence.ts';

const STATUS_TTL_MS = 60_000;
const LOOKUP_WINDOW_MS = 15 * 60_000;

/**
 * `GET /api/tweet-status/{id}` → `{available}` (is the post still on X) and `GET /api/tweet/{id}`
 * → the post for the embed. Every read on X is billed and spends the agent's read budget, which
 * its own jobs need: a post the product keeps (archive, receipts) is served from the database,
 * answers from X are cached briefly, and each address gets RATE_LIMIT_TWEET_LOOKUPS reads of X
 * per 15 minutes (429 past it; one count across API processes on PostgreSQL), so one client
 * cannot spend the budget by asking for random ids.
 */
export function tweetRoutes(deps: ApiDeps) {
  const limits = deps.config.rateLimits;
  const lookups = createLimiter(
    deps.db,
    'tweet-lookups',
    limits.tweetLookupsPer15Minutes,
    LOOKUP_WINDOW_MS,
  );
  const cache = new Map<string, { at: number; post: LivePost | null }>();

  async function readOnX(id: string): Promise<LivePost | null> {
    if (!deps.agent) return null;
    const { accessToken } = await deps.agent.worker.access();
    const { tweet, includes } = await deps.x.getTweet(accessToken, id);
    if (!tweet) return null;
    const author = includes.users?.find((u) => u.id === tweet.author_id);
    return {
      id: tweet.id,
      text: tweet.text,
      createdAt: tweet.created_at ?? null,
      author: author
        ? {
            id: author.id,
            username: author.username,
            name: author.name,
            profileImageUrl: author.profile_image_url ?? null,
          }
        : null,
    };
  }

  /** X's answer for the post: cached, or read within the asking address's budget. */
  async function live(c: Context, id: string): Promise<LivePost | null | Response> {
    const hit = cache.get(id);
    if (hit && Date.now() - hit.at < STATUS_TTL_MS) return hit.post;
    const address = clientIp(c, limits.trustProxy);
    if (address) {
      const allowed = await lookups.hit(address);
      if (!allowed.ok) return tooManyRequests(c, allowed.retryAfterS);
    }
    const post = await readOnX(id).catch(() => null);
    if (cache.size > 10_000) cache.clear();
    cache.set(id, { at: Date.now(), post });
    return post;
  }

  const app = new Hono();
  app.get('/tweet-status/:tweetId', async (c) => {
    const post = await live(c, idOf(c.req.param('tweetId')));
    if (post instanceof Response) return post;
    return c.json({ available: post !== null } satisfies TweetStatus);
  });
  app.get('/tweet/:tweetId', async (c) => {
    const id = idOf(c.req.param('tweetId'));
    const post = (await findStoredPost(deps.db, id)) ?? (await live(c, id));
    if (post instanceof Response) return post;
    if (!post) throw notFound('Tweet not found', 'tweet_not_found');
    return c.json({ data: post } satisfies LivePostResponse);
  });
  return app;
}
