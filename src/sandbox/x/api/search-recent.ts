import { and, desc, gt, gte, ilike, isNull, lt, type SQL } from 'drizzle-orm';
import type { Context } from 'hono';
import { xPosts } from '../../db/schema/index.ts';
import type { XEnv } from '../context.ts';
import { ID_PATTERN } from '../ids.ts';
import { type InvalidParameter, invalidRequest, problem } from '../problems.ts';
import { findUsersByIds } from '../store/users.ts';
import { TWEET_QUERY } from './fields.ts';
import { decodeCursor, encodeCursor, slicePage } from './pagination.ts';
import { patternError, readSelection } from './query.ts';
import { renderTweets } from './render-tweet.ts';
import { matchesQuery, parseSearchQuery } from './search-query.ts';

const SEVEN_DAYS_MS = 7 * 86_400_000;
/** X refuses an end_time later than 10 seconds before the request. */
const END_TIME_LAG_MS = 10_000;
/** Posts one search looks through (newest first); the local X is not built for more. */
const SCAN_LIMIT = 5000;
const PARAMS = [
  'query',
  'max_results',
  'next_token',
  'pagination_token',
  'since_id',
  'until_id',
  'start_time',
  'end_time',
  'sort_order',
];

const bad = (name: string, value: string, message: string): InvalidParameter => ({
  parameters: { [name]: [value] },
  message,
});

/**
 * GET /2/tweets/search/recent as X answers it (docs: search/integrate/overview, paginate;
 * OpenAPI v2.167): the last 7 days, newest first, `max_results` 10–100 (default 10), `since_id`
 * / `until_id` / `start_time` / `end_time` windows, `next_token` (also `pagination_token`) that
 * repeats the same page for the same token, `meta.newest_id`/`oldest_id`/`result_count`, and
 * `{"meta":{"result_count":0}}` with no `data` when nothing matches.
 */
export async function searchRecent(env: XEnv, c: Context) {
  const q = c.req.query();
  const { selection, errors } = readSelection(q, TWEET_QUERY, PARAMS);
  const now = env.now().getTime();
  const parsed = parseSearchQuery(q.query ?? '');
  if (!q.query) errors.push(bad('query', '', 'The `query` query parameter can not be empty'));
  else if ('error' in parsed) errors.push(bad('query', q.query, parsed.error));
  const size = q.max_results === undefined ? 10 : Number(q.max_results);
  if (!Number.isInteger(size) || size < 10 || size > 100)
    errors.push(
      bad(
        'max_results',
        String(q.max_results),
        `The \`max_results\` query parameter value [${q.max_results}] is not between 10 and 100`,
      ),
    );
  for (const name of ['since_id', 'until_id'])
    if (q[name] !== undefined && !ID_PATTERN.test(q[name]))
      errors.push(patternError(name, q[name], ID_PATTERN));
  const time = (name: 'start_time' | 'end_time') => {
    const v = q[name];
    if (v === undefined) return null;
    const t = Date.parse(v);
    if (!/^\d{4}-\d{2}-\d{2}T/.test(v) || Number.isNaN(t)) {
      errors.push(
        bad(name, v, `Invalid '${name}':'${v}'. '${name}' must be a valid RFC 3339 date`),
      );
      return null;
    }
    return t;
  };
  const start = time('start_time');
  const end = time('end_time');
  const oldest = now - SEVEN_DAYS_MS;
  if (start !== null && start < oldest)
    errors.push(
      bad(
        'start_time',
        q.start_time!,
        `Invalid 'start_time':'${q.start_time}'. 'start_time' must be on or after ${new Date(oldest).toISOString()}`,
      ),
    );
  if (end !== null && end > now - END_TIME_LAG_MS)
    errors.push(
      bad(
        'end_time',
        q.end_time!,
        `Invalid 'end_time':'${q.end_time}'. 'end_time' must be a minimum of 10 seconds prior to the request time.`,
      ),
    );
  if (start !== null && end !== null && start >= end)
    errors.push(
      bad(
        'start_time',
        q.start_time!,
        `Invalid 'start_time':'${q.start_time}'. 'start_time' must be before 'end_time'`,
      ),
    );
  if (q.sort_order !== undefined && !['recency', 'relevancy'].includes(q.sort_order))
    errors.push(
      bad(
        'sort_order',
        q.sort_order,
        `The \`sort_order\` query parameter value [${q.sort_order}] is not one of [recency,relevancy]`,
      ),
    );
  const token = q.next_token ?? q.pagination_token;
  const cursor = token === undefined ? null : decodeCursor(token);
  if (token !== undefined && cursor?.direction !== 'next')
    errors.push(
      bad(
        q.next_token !== undefined ? 'next_token' : 'pagination_token',
        token,
        `The pagination token [${token}] is not valid`,
      ),
    );
  if (errors.length || 'error' in parsed) return problem(c, 400, invalidRequest(errors));

  // A cheap text prefilter for positive cashtags and keywords; the matcher decides exactly.
  const where: (SQL | undefined)[] = [
    isNull(xPosts.deletedAt),
    // X: "The search endpoints always return the most recent version" of an edited post.
    isNull(xPosts.nextVersionId),
    gte(xPosts.createdAt, new Date(start ?? oldest)),
    end === null ? undefined : lt(xPosts.createdAt, new Date(end)),
    q.since_id ? gt(xPosts.id, BigInt(q.since_id)) : undefined,
    q.until_id ? lt(xPosts.id, BigInt(q.until_id)) : undefined,
  ];
  for (const { negated, term } of parsed.clauses)
    if (!negated && (term.kind === 'cashtag' || term.kind === 'keyword'))
      where.push(ilike(xPosts.text, `%${term.value.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`));
  const scanned = await env.db
    .select()
    .from(xPosts)
    .where(and(...where))
    .orderBy(desc(xPosts.id))
    .limit(SCAN_LIMIT);
  const authors = new Map(
    (
      await findUsersByIds(
        env.db,
        scanned.map((p) => p.authorId),
      )
    ).map((u) => [u.id, u.username]),
  );
  const matching = scanned.filter((p) =>
    matchesQuery(parsed.clauses, {
      text: p.text,
      authorUsername: authors.get(p.authorId) ?? '',
      conversationId: p.conversationId,
      isReply: p.inReplyToId !== null,
      isQuote: p.quotedId !== null,
    }),
  );
  const { page, hasOlder } = slicePage(
    matching.map((p) => p.id),
    size,
    cursor,
  );
  if (page.length === 0) return c.json({ meta: { result_count: 0 } });
  const byId = new Map(matching.map((p) => [p.id, p]));
  const body = await renderTweets(
    env,
    page.map((id) => byId.get(id)!),
    selection,
  );
  return c.json({
    ...body,
    meta: {
      newest_id: page[0]!.toString(),
      oldest_id: page.at(-1)!.toString(),
      result_count: page.length,
      ...(hasOlder ? { next_token: encodeCursor({ direction: 'next', id: page.at(-1)! }) } : {}),
    },
  });
}
