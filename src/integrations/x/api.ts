import { XApiError } from './errors.ts';
import { parseApiResponse, send, type XHttp } from './http.ts';
import {
  createTweetResponseSchema,
  mentionsResponseSchema,
  singleTweetResponseSchema,
  singleUserResponseSchema,
  tweetListResponseSchema,
} from './schemas.ts';

/**
 * Fields the agent needs to understand a mention: who, when, what it replies to or quotes, and
 * its edit history (a default field, asked for anyway: commands are keyed on the first version).
 */
export const TWEET_FIELDS =
  'author_id,created_at,conversation_id,in_reply_to_user_id,referenced_tweets,entities,edit_history_tweet_ids';
/**
 * `entities.mentions.username` puts every account a post mentions in `includes.users`, as X
 * serves it at read time: a send's recipient needs no lookup of its own (decision 0071).
 */
export const TWEET_EXPANSIONS =
  'author_id,referenced_tweets.id,referenced_tweets.id.author_id,entities.mentions.username';
/** A single post read for the agent (a pushed mention): its author and the accounts it mentions. */
const POST_EXPANSIONS = 'author_id,entities.mentions.username';
export const USER_FIELDS = 'profile_image_url,created_at';

export interface MentionsOptions {
  sinceId?: string;
  untilId?: string;
  /** 5–100. */
  maxResults?: number;
  paginationToken?: string;
}

export interface CreateTweetInput {
  text: string;
  reply?: { inReplyToTweetId: string };
  quoteTweetId?: string;
  /** Processed media (a video) to attach; X refuses it together with quoteTweetId. */
  mediaIds?: string[];
}

/** X API v2 calls with a user (or app) bearer token. Every result carries its rate-limit state. */
export function createXApi(apiUrl: string, http: XHttp) {
  const call = (token: string, method: string, path: string, query = {}, body?: unknown) => {
    const url = new URL(`${apiUrl}${path}`);
    for (const [k, v] of Object.entries(query))
      if (v !== undefined) url.searchParams.set(k, `${v}`);
    const headers: Record<string, string> = {
      authorization: `Bearer ${token}`,
      accept: 'application/json',
    };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const init = { method, headers, body: body === undefined ? undefined : JSON.stringify(body) };
    return send(http.fetch, url.toString(), init, http.timeoutMs);
  };

  return {
    async getMe(token: string) {
      const res = await call(token, 'GET', '/2/users/me', { 'user.fields': USER_FIELDS });
      const { body, rateLimit } = await parseApiResponse(res, singleUserResponseSchema, http.now);
      if (!body.data) {
        const detail = body.errors?.[0]?.detail ?? 'X answered /2/users/me without a user';
        throw new XApiError({ status: 502, title: 'Unexpected Response', detail, rateLimit });
      }
      return { user: body.data, rateLimit };
    },

    /**
     * X answers an unknown handle with 200 and errors[]: that is `user: null`, not a failure.
     * A suspended account is answered the same way, its error saying "User has been suspended":
     * `suspended` tells the two apart (both are nobody to pay).
     */
    async getUserByUsername(token: string, username: string) {
      const path = `/2/users/by/username/${encodeURIComponent(username)}`;
      const res = await call(token, 'GET', path, { 'user.fields': USER_FIELDS });
      const { body, rateLimit } = await parseApiResponse(res, singleUserResponseSchema, http.now);
      const suspended =
        !body.data && (body.errors ?? []).some((e) => /suspended/i.test(e.detail ?? ''));
      return { user: body.data ?? null, suspended, rateLimit };
    },

    async getMentions(token: string, userId: string, opts: MentionsOptions = {}) {
      const res = await call(token, 'GET', `/2/users/${encodeURIComponent(userId)}/mentions`, {
        since_id: opts.sinceId,
        until_id: opts.untilId,
        max_results: opts.maxResults,
        pagination_token: opts.paginationToken,
        'tweet.fields': TWEET_FIELDS,
        expansions: TWEET_EXPANSIONS,
        'user.fields': USER_FIELDS,
      });
      const { body, rateLimit } = await parseApiResponse(res, mentionsResponseSchema, http.now);
      return { tweets: body.data, includes: body.includes, meta: body.meta, rateLimit };
    },

    /** A deleted or unknown post is `tweet: null` (X answers 404 or 200 + errors[]). */
    async getTweet(token: string, id: string, opts: { mentioned?: boolean } = {}) {
      const res = await call(token, 'GET', `/2/tweets/${encodeURIComponent(id)}`, {
        'tweet.fields': TWEET_FIELDS,
        expansions: opts.mentioned ? POST_EXPANSIONS : 'author_id',
        'user.fields': USER_FIELDS,
      });
      if (res.status === 404) {
        await res.body?.cancel();
        return { tweet: null, includes: {}, rateLimit: null };
      }
      const { body, rateLimit } = await parseApiResponse(res, singleTweetResponseSchema, http.now);
      return { tweet: body.data ?? null, includes: body.includes ?? {}, rateLimit };
    },

    /** Up to 100 posts with their public metrics and authors (age, followers): post rewards. */
    async getTweetsWithMetrics(token: string, ids: string[]) {
      const res = await call(token, 'GET', '/2/tweets', {
        ids: ids.join(','),
        'tweet.fields': `${TWEET_FIELDS},public_metrics`,
        expansions: 'author_id',
        'user.fields': 'created_at,public_metrics',
      });
      const { body, rateLimit } = await parseApiResponse(res, tweetListResponseSchema, http.now);
      return { tweets: body.data, users: body.includes.users ?? [], rateLimit };
    },

    /** Replies in a thread (`conversation_id:<id>`, last 7 days): who engaged with a post. */
    async searchConversation(token: string, conversationId: string) {
      const res = await call(token, 'GET', '/2/tweets/search/recent', {
        query: `conversation_id:${conversationId}`,
        max_results: 100,
        'tweet.fields': 'author_id,in_reply_to_user_id',
      });
      const { body, rateLimit } = await parseApiResponse(res, tweetListResponseSchema, http.now);
      return { tweets: body.data, rateLimit };
    },

    async createTweet(token: string, input: CreateTweetInput) {
      const payload: Record<string, unknown> = { text: input.text };
      if (input.reply) payload.reply = { in_reply_to_tweet_id: input.reply.inReplyToTweetId };
      if (input.quoteTweetId) payload.quote_tweet_id = input.quoteTweetId;
      if (input.mediaIds?.length) payload.media = { media_ids: input.mediaIds };
      const res = await call(token, 'POST', '/2/tweets', {}, payload);
      const { body, rateLimit } = await parseApiResponse(res, createTweetResponseSchema, http.now);
      return { tweet: body.data, rateLimit };
    },
  };
}
