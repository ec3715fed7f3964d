import { Hono } from 'hono';
import { publishPost } from '../activity/publish.ts';
import type { XEnv } from '../context.ts';
import { ID_PATTERN } from '../ids.ts';
import {
  DUPLICATE_CONTENT,
  invalidRequest,
  notFoundError,
  problem,
  QUOTE_NEEDS_ENTERPRISE,
  REPLY_NOT_SUMMONED,
  TOO_MANY_REQUESTS,
} from '../problems.ts';
import { consumeRate, consumeThreeHourPosts, ONE_DAY, setRateHeaders } from '../rate-limit.ts';
import { deletePost, findPost } from '../store/posts.ts';
import { isReplySummoned } from '../store/reply-summoned.ts';
import { type ApiVars, apiEndpoint } from './auth.ts';
import { TWEET_QUERY } from './fields.ts';
import { patternError, readSelection } from './query.ts';
import { renderTweets } from './render-tweet.ts';
import { parseTweetCreate } from './tweet-body.ts';

const WRITE = ['tweet.read', 'tweet.write', 'users.read'];

/** GET /2/tweets/:id, POST /2/tweets, DELETE /2/tweets/:id */
export function tweetRoutes(env: XEnv) {
  const app = new Hono<ApiVars>();
  const lookup = {
    bucket: 'tweetLookup',
    appBucket: 'tweetLookupApp',
    scopes: ['tweet.read', 'users.read'],
  } as const;

  app.get('/:id', apiEndpoint(env, lookup), async (c) => {
    const id = c.req.param('id');
    const { selection, errors } = readSelection(c.req.query(), TWEET_QUERY);
    if (!ID_PATTERN.test(id)) errors.push(patternError('id', id, ID_PATTERN));
    if (errors.length) return problem(c, 400, invalidRequest(errors));
    const post = await findPost(env.db, BigInt(id));
    if (!post) {
      const detail = `Could not find tweet with id: [${id}].`;
      return c.json({
        errors: [notFoundError({ resourceType: 'tweet', parameter: 'id', value: id, detail })],
      });
    }
    const { data, ...rest } = await renderTweets(env, [post], selection);
    return c.json({ data: data[0], ...rest });
  });

  app.post('/', apiEndpoint(env, { bucket: 'tweetCreate', scopes: WRITE }), async (c) => {
    const caller = c.get('caller');
    if (caller.kind !== 'user')
      return problem(c, 403, {
        title: 'Forbidden',
        type: 'about:blank',
        status: 403,
        detail: 'Forbidden',
      });
    const daily = await consumeRate(env, {
      bucket: 'tweetCreateAppDaily',
      subject: `app:${caller.clientId}`,
      limit: env.limits.tweetCreateAppDaily,
      windowMs: ONE_DAY,
    });
    setRateHeaders(c, daily, 'x-app-limit-24hour');
    if (daily.exceeded) return problem(c, 429, TOO_MANY_REQUESTS);
    const threeHours = await consumeThreeHourPosts(c, env, caller.userId);
    if (threeHours.exceeded) return problem(c, 429, TOO_MANY_REQUESTS);
    let body: unknown;
    try {
      body = JSON.parse(await c.req.text());
    } catch {
      return problem(c, 400, invalidRequest([{ message: 'Request body is not valid JSON.' }]));
    }
    const parsed = parseTweetCreate(body);
    if (!parsed.value) return problem(c, 400, invalidRequest(parsed.errors));
    const selfServe = env.accessTier === 'self-serve';
    if (selfServe && parsed.value.quotedId !== undefined) {
      return problem(c, 403, QUOTE_NEEDS_ENTERPRISE);
    }
    const parentId = parsed.value.inReplyToId;
    const parent = parentId === undefined ? undefined : await findPost(env.db, parentId);
    if (selfServe && parent && !(await isReplySummoned(env.db, parent, caller.userId))) {
      return problem(c, 403, REPLY_NOT_SUMMONED);
    }
    const result = await publishPost(env, {
      authorId: caller.userId,
      ...parsed.value,
      now: env.now(),
    });
    if (!result.ok) {
      if (result.reason === 'duplicate') return problem(c, 403, DUPLICATE_CONTENT);
      if (result.reason === 'invalid_media') {
        return problem(c, 400, invalidRequest([{ message: 'Your media IDs are invalid.' }]));
      }
      const [parameter, value, what] =
        result.reason === 'parent_not_found'
          ? ['reply.in_reply_to_tweet_id', parsed.value.inReplyToId, 'you are replying to']
          : ['quote_tweet_id', parsed.value.quotedId, 'you are quoting'];
      return problem(
        c,
        400,
        invalidRequest([
          {
            parameters: { [parameter]: [String(value)] },
            message: `The Tweet ${what} does not exist or has been deleted.`,
          },
        ]),
      );
    }
    const { post } = result;
    return c.json(
      {
        data: {
          id: post.id.toString(),
          text: post.text,
          edit_history_tweet_ids: [post.id.toString()],
        },
      },
      201,
    );
  });

  app.delete('/:id', apiEndpoint(env, { bucket: 'tweetDelete', scopes: WRITE }), async (c) => {
    const id = c.req.param('id');
    if (!ID_PATTERN.test(id))
      return problem(c, 400, invalidRequest([patternError('id', id, ID_PATTERN)]));
    const caller = c.get('caller');
    const post = await findPost(env.db, BigInt(id));
    if (!post) return c.json({ data: { deleted: false } });
    if (caller.kind !== 'user' || post.authorId !== caller.userId) {
      return problem(c, 403, {
        detail: 'You are not allowed to delete this Tweet.',
        type: 'about:blank',
        title: 'Forbidden',
        status: 403,
      });
    }
    await deletePost(env.db, post.id, env.now());
    return c.json({ data: { deleted: true } });
  });

  return app;
}
