import { Hono } from 'hono';
import type { XEnv } from '../context.ts';
import { ID_PATTERN } from '../ids.ts';
import { invalidRequest, notFoundError, problem } from '../problems.ts';
import { findPostsByIds } from '../store/posts.ts';
import { type ApiVars, apiEndpoint } from './auth.ts';
import { listPostEngagers } from './engagers.ts';
import { TWEET_QUERY } from './fields.ts';
import { patternError, readSelection } from './query.ts';
import { renderTweets } from './render-tweet.ts';
import { searchRecent } from './search-recent.ts';

const lookup = {
  bucket: 'tweetLookup',
  appBucket: 'tweetLookupApp',
  scopes: ['tweet.read', 'users.read'],
} as const;

/**
 * GET /2/tweets?ids= (up to 100, missing ones as partial errors), GET /2/tweets/search/recent
 * (search-recent.ts) and who liked or reposted a post (engagers.ts). Mounted before /2/tweets/:id.
 */
export function tweetSearchRoutes(env: XEnv) {
  const app = new Hono<ApiVars>();

  app.get('/', apiEndpoint(env, lookup), async (c) => {
    const query = c.req.query();
    const { selection, errors } = readSelection(query, TWEET_QUERY, ['ids']);
    const ids = (query.ids ?? '').split(',').filter(Boolean);
    if (ids.length === 0 || ids.length > 100)
      errors.push({ parameters: { ids: [query.ids ?? ''] }, message: 'ids: 1 to 100 ids' });
    for (const id of ids)
      if (!ID_PATTERN.test(id)) errors.push(patternError('ids', id, ID_PATTERN));
    if (errors.length) return problem(c, 400, invalidRequest(errors));
    const posts = await findPostsByIds(env.db, ids.map(BigInt));
    const found = new Set(posts.map((p) => p.id.toString()));
    const missing = ids
      .filter((id) => !found.has(id))
      .map((id) =>
        notFoundError({
          resourceType: 'tweet',
          parameter: 'ids',
          value: id,
          detail: `Could not find tweet with ids: [${id}].`,
        }),
      );
    const byId = new Map(posts.map((p) => [p.id.toString(), p]));
    const ordered = ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
    const body = await renderTweets(env, ordered, selection);
    const allErrors = [...(body.errors ?? []), ...missing];
    return c.json({ ...body, ...(allErrors.length ? { errors: allErrors } : {}) });
  });

  app.get(
    '/search/recent',
    apiEndpoint(env, {
      bucket: 'searchRecent',
      appBucket: 'searchRecentApp',
      scopes: lookup.scopes,
    }),
    (c) => searchRecent(env, c),
  );
  const likes = { bucket: 'likingUsers', scopes: ['like.read', ...lookup.scopes] } as const;
  app.get('/:id/liking_users', apiEndpoint(env, likes), (c) => listPostEngagers(env, c, 'like'));
  const reposts = {
    bucket: 'retweetedBy',
    appBucket: 'retweetedByApp',
    scopes: lookup.scopes,
  } as const;
  app.get('/:id/retweeted_by', apiEndpoint(env, reposts), (c) =>
    listPostEngagers(env, c, 'repost'),
  );
  return app;
}
