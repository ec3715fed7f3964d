import { parseApiResponse, send, type XHttp } from './http.ts';
import type { RateLimit } from './rate-limit.ts';
import type { XTweet, XUser } from './schemas.ts';
import { searchResponseSchema, userListResponseSchema } from './schemas.ts';

export interface SearchRecentOptions {
  /** X's query language, e.g. `$UP -is:retweet` (≤ 512 characters on self-serve plans). */
  query: string;
  sinceId?: string;
  untilId?: string;
  startTime?: Date;
  /** X refuses one later than 10 s before the request; leave it out to search up to now. */
  endTime?: Date;
  /** 10–100 per page. */
  maxResults?: number;
  /** Stops after this many pages even if X has more (each page is billed and rate-limited). */
  maxPages?: number;
}

/**
 * Recent search (last 7 days) and who liked or reposted a post, each walking X's `next_token`
 * pages. Every result carries the last page's rate-limit state.
 */
export function createXSearchApi(apiUrl: string, http: XHttp) {
  const get = (token: string, path: string, query: Record<string, string | number | undefined>) => {
    const url = new URL(`${apiUrl}${path}`);
    for (const [k, v] of Object.entries(query))
      if (v !== undefined) url.searchParams.set(k, `${v}`);
    const headers = { authorization: `Bearer ${token}`, accept: 'application/json' };
    return send(http.fetch, url.toString(), { method: 'GET', headers }, http.timeoutMs);
  };

  const listUsers = async (token: string, path: string, maxPages: number) => {
    const users: XUser[] = [];
    let next: string | undefined;
    let rateLimit: RateLimit | null = null;
    let complete = false;
    for (let page = 0; page < maxPages; page++) {
      const res = await get(token, path, {
        max_results: 100,
        pagination_token: next,
        'user.fields': 'created_at,public_metrics',
      });
      const parsed = await parseApiResponse(res, userListResponseSchema, http.now);
      rateLimit = parsed.rateLimit;
      users.push(...parsed.body.data);
      next = parsed.body.meta.next_token;
      if (!next) {
        complete = true;
        break;
      }
    }
    return { users, complete, rateLimit };
  };

  return {
    /**
     * Posts matching `query`, newest first, with `public_metrics` and their authors' age and
     * followers. `newestId` is the first page's `meta.newest_id`: the next poll's `since_id`.
     */
    async searchRecent(token: string, opts: SearchRecentOptions) {
      const tweets: XTweet[] = [];
      const users = new Map<string, XUser>();
      let next: string | undefined;
      let newestId: string | undefined;
      let rateLimit: RateLimit | null = null;
      let complete = false;
      for (let page = 0; page < (opts.maxPages ?? 10); page++) {
        const res = await get(token, '/2/tweets/search/recent', {
          query: opts.query,
          since_id: opts.sinceId,
          until_id: opts.untilId,
          start_time: opts.startTime?.toISOString(),
          end_time: opts.endTime?.toISOString(),
          max_results: opts.maxResults ?? 100,
          next_token: next,
          'tweet.fields':
            'author_id,created_at,conversation_id,in_reply_to_user_id,referenced_tweets,entities,public_metrics',
          expansions: 'author_id',
          'user.fields': 'created_at,public_metrics',
        });
        const parsed = await parseApiResponse(res, searchResponseSchema, http.now);
        rateLimit = parsed.rateLimit;
        newestId ??= parsed.body.meta.newest_id;
        tweets.push(...parsed.body.data);
        for (const u of parsed.body.includes.users ?? []) users.set(u.id, u);
        next = parsed.body.meta.next_token;
        if (!next) {
          complete = true;
          break;
        }
      }
      return { tweets, users: [...users.values()], newestId, complete, rateLimit };
    },

    /** Accounts that liked a post (needs a user token with `like.read`). */
    getLikingUsers(token: string, postId: string, maxPages = 1) {
      return listUsers(token, `/2/tweets/${encodeURIComponent(postId)}/liking_users`, maxPages);
    },

    /** Accounts that reposted a post. */
    getRetweetedBy(token: string, postId: string, maxPages = 1) {
      return listUsers(token, `/2/tweets/${encodeURIComponent(postId)}/retweeted_by`, maxPages);
    },
  };
}
