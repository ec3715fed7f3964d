import { Hono } from 'hono';
import type { XEnv } from '../context.ts';
import { ID_PATTERN } from '../ids.ts';
import { invalidRequest, problem } from '../problems.ts';
import { reachableMentionIds } from '../store/mentions.ts';
import { findPostsByIds } from '../store/posts.ts';
import { type ApiVars, apiEndpoint } from './auth.ts';
import { TWEET_QUERY } from './fields.ts';
import { encodeCursor, readPaging, slicePage } from './pagination.ts';
import { patternError, readSelection } from './query.ts';
import { renderTweets } from './render-tweet.ts';

const PAGING = [
  'since_id',
  'until_id',
  'max_results',
  'pagination_token',
  'start_time',
  'end_time',
];
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/** GET /2/users/:id/mentions — newest first, paged with meta.next_token, 800-post horizon. */
export function mentionRoutes(env: XEnv) {
  const policy = {
    bucket: 'mentions',
    appBucket: 'mentionsApp',
    scopes: ['tweet.read', 'users.read'],
  } as const;
  return new Hono<ApiVars>().get('/:id/mentions', apiEndpoint(env, policy), async (c) => {
    const q = c.req.query();
    const id = c.req.param('id');
    const { selection, errors } = readSelection(q, TWEET_QUERY, PAGING);
    if (!ID_PATTERN.test(id)) errors.push(patternError('id', id, ID_PATTERN));
    for (const name of ['since_id', 'until_id'] as const) {
      const v = q[name];
      if (v !== undefined && !ID_PATTERN.test(v)) errors.push(patternError(name, v, ID_PATTERN));
    }
    const { size, cursor } = readPaging(q, errors);
    const times: Record<string, Date | undefined> = {};
    for (const name of ['start_time', 'end_time'] as const) {
      const v = q[name];
      if (v === undefined) continue;
      const date = new Date(v);
      if (RFC3339.test(v) && !Number.isNaN(date.getTime())) times[name] = date;
      else errors.push(patternError(name, v, RFC3339));
    }
    if (errors.length) return problem(c, 400, invalidRequest(errors));

    // since_id/until_id take precedence over start_time/end_time, as on X.
    const hasIds = q.since_id !== undefined || q.until_id !== undefined;
    const ids = await reachableMentionIds(env.db, {
      userId: id,
      sinceId: q.since_id === undefined ? undefined : BigInt(q.since_id),
      untilId: q.until_id === undefined ? undefined : BigInt(q.until_id),
      startTime: hasIds ? undefined : times.start_time,
      endTime: hasIds ? undefined : times.end_time,
    });
    const { page, hasOlder, hasNewer } = slicePage(ids, size, cursor);
    const posts = (await findPostsByIds(env.db, page)).sort((a, b) => (a.id > b.id ? -1 : 1));
    const meta: Record<string, unknown> = { result_count: posts.length };
    if (posts.length === 0) return c.json({ meta });
    meta.newest_id = posts[0]!.id.toString();
    meta.oldest_id = posts.at(-1)!.id.toString();
    if (hasOlder) meta.next_token = encodeCursor({ direction: 'next', id: posts.at(-1)!.id });
    if (cursor && hasNewer)
      meta.previous_token = encodeCursor({ direction: 'previous', id: posts[0]!.id });
    return c.json({ ...(await renderTweets(env, posts, selection)), meta });
  });
}
