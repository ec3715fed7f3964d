import type { Db } from '@/db/client.ts';
import type { Logger } from '@/shared/logger.ts';
import type { XAccessTier } from '@/shared/x-access-tier.ts';

/** Requests per window for each rate-limited endpoint (X's documented per-user limits). */
export interface XLimits {
  usersMe: number;
  usersLookup: number;
  mentions: number;
  tweetLookup: number;
  /** GET /2/users/:id/tweets */
  userTweets: number;
  tweetCreate: number;
  tweetDelete: number;
  /** Every call of the chunked media upload (INIT, APPEND, FINALIZE, STATUS). */
  mediaUpload: number;
  /** POST /2/tweets per app per 24 hours. */
  tweetCreateAppDaily: number;
  /**
   * Posts (and reposts) per user per 3 hours, beside the 15-minute window
   * (x-api/posts/manage-tweets/integrate.mdx, "Rate limits": 300 requests per 3 hours).
   */
  tweetCreateThreeHours: number;
  /** Windows for app-only Bearer tokens (per app instead of per user). */
  usersLookupApp: number;
  mentionsApp: number;
  tweetLookupApp: number;
  userTweetsApp: number;
  /** X Activity API: webhook and subscription management (per app / per user). */
  webhooksApp: number;
  activitySubscriptions: number;
  /** GET /2/tweets/search/recent (per user / per app). */
  searchRecent: number;
  searchRecentApp: number;
  /** GET /2/tweets/:id/liking_users (user context only) and /retweeted_by (per user / per app). */
  likingUsers: number;
  retweetedBy: number;
  retweetedByApp: number;
}

export const DEFAULT_LIMITS: XLimits = {
  usersMe: 75,
  usersLookup: 900,
  mentions: 300,
  tweetLookup: 900,
  userTweets: 900,
  tweetCreate: 100,
  tweetDelete: 50,
  mediaUpload: 500,
  tweetCreateAppDaily: 10_000,
  tweetCreateThreeHours: 300,
  usersLookupApp: 300,
  mentionsApp: 450,
  tweetLookupApp: 450,
  userTweetsApp: 1500,
  webhooksApp: 50,
  activitySubscriptions: 50,
  searchRecent: 300,
  searchRecentApp: 450,
  likingUsers: 75,
  retweetedBy: 75,
  retweetedByApp: 75,
};

/** Knobs for tests: a clock (code expiry, windows) and smaller rate limits. */
export interface XSandboxOptions {
  now?: () => Date;
  limits?: Partial<XLimits>;
  /** What the app's access allows (default: the settings' tier, else self-serve). */
  accessTier?: XAccessTier;
}

/** What every part of the local X receives. */
export interface XEnv {
  db: Db;
  logger: Logger;
  /** Absolute base of the local X, e.g. http://127.0.0.1:3000/sandbox/x. */
  baseUrl: string;
  /** Mount path, e.g. /sandbox/x: web redirects and cookies use it. */
  basePath: string;
  publicUrl: string;
  agentHandle: string;
  now: () => Date;
  limits: XLimits;
  /**
   * The app's X API access: 'self-serve' refuses `quote_tweet_id` and unsummoned replies (X's
   * self-serve rules); 'enterprise' allows both.
   */
  accessTier: XAccessTier;
  /**
   * Webhooks X marks `valid: false` (a failed CRC check): they get no events until a
   * `PUT /2/webhooks/:id` passes the check again. Kept in memory (the table has no column for
   * it), so a restart of the local X finds every webhook valid again.
   */
  invalidWebhooks: Set<string>;
  /** Outbound calls (webhook CRC checks and deliveries); in-process in the default run. */
  fetch: (url: string, init?: RequestInit) => Promise<Response>;
}
