import { Hono } from 'hono';
import type { XEnv } from '../context.ts';
import { ID_PATTERN } from '../ids.ts';
import { invalidRequest, problem } from '../problems.ts';
import { listRecentPosts } from '../store/post-queries.ts';
import { type ApiVars, apiEndpoint } from './auth.ts';
import { TWEET_QUERY } from './fields.ts';
import { encodeCursor, readPaging, slicePage } from './pagination.ts';
import { patternError, readSelection } from './query.ts';
import { renderTweets } from './render-tweet.ts';

/** X serves the 3,200 most recent posts of a user timeline. */
const TIMELINE_HORIZON = 3200;

/**
 * GET /2/users/:id/tweets — the user's own posts, newest first, paged with meta.next_token.
 * The agent reads its own timeline to tell whether a reply already went out.
 */
export function userTweetRoutes(env: XEnv) {
  const policy = {
    bucket: 'userTweets',
    appBucket: 'userTweetsApp',
    scopes: ['tweet.read', 'users.read'],
  } as const;
  return new Hono<ApiVars>().get('/:id/tweets', apiEndpoint(env, policy), async (c) => {
    const q = c.req.query();
    const id = c.req.param('id');
    const { selection, errors } = readSelection(q, TWEET_QUERY, [
      'max_results',
      'pagination_token',
    ]);
    if (!ID_PATTERN.test(id)) errors.push(patternError('id', id, ID_PATTERN));
    const { size, cursor } = readPaging(q, errors);
    if (errors.length) return problem(c, 400, invalidRequest(errors));

    const all = await listRecentPosts(env.db, {
      limit: TIMELINE_HORIZON,
      authorId: id,
      newestVersions: true,
    });
    const { page, hasOlder } = slicePage(
      all.map((p) => p.id),
      size,
      cursor,
    );
    const posts = all.filter((p) => page.includes(p.id));
    const meta: Record<string, unknown> = { result_count: posts.length };
    if (posts.length === 0) return c.json({ meta });
    meta.newest_id = posts[0]!.id.toString();
    meta.oldest_id = posts.at(-1)!.id.toString();
    if (hasOlder) meta.next_token = encodeCursor({ direction: 'next', id: posts.at(-1)!.id });
    return c.json({ ...(await renderTweets(env, posts, selection)), meta });
  });
}
