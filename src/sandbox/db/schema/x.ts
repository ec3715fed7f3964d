import { sql } from 'drizzle-orm';
import { bigint, index, integer, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bytea } from '@/db/schema/bytes.ts';
import { timestamptz } from '@/db/schema/columns.ts';
import { sandboxSchema } from './sandbox-schema.ts';

/** OAuth clients registered with the local X. The sandbox registers one (`role = 'sandbox'`). */
export const xClients = sandboxSchema.table('x_clients', {
  clientId: text('client_id').primaryKey(),
  // Plain text on purpose: the sandbox publishes its own client's secret at GET /sandbox.
  clientSecret: text('client_secret').notNull(),
  appBearerToken: text('app_bearer_token').notNull(),
  role: text('role').notNull().unique(),
  name: text('name').notNull(),
  redirectUris: text('redirect_uris').array().notNull(),
  createdAt: timestamptz('created_at').notNull(),
});

/** Accounts of the local X: snowflake-like numeric ids, handles unique case-insensitively. */
export const xUsers = sandboxSchema.table(
  'x_users',
  {
    id: text('id').primaryKey(),
    username: text('username').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** The local X has no follow graph: a profile number set through the admin API. */
    followersCount: integer('followers_count').notNull().default(0),
    createdAt: timestamptz('created_at').notNull(),
    /** Suspended by the admin API: lookups answer X's suspended error, its posts are not served. */
    suspendedAt: timestamptz('suspended_at'),
  },
  (t) => [uniqueIndex('x_users_username_lower_idx').on(sql`lower(${t.username})`)],
);

/** Posts. Ids are increasing snowflake-like integers (the API shows them as decimal strings). */
export const xPosts = sandboxSchema.table(
  'x_posts',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey(),
    authorId: text('author_id').notNull(),
    text: text('text').notNull(),
    conversationId: bigint('conversation_id', { mode: 'bigint' }).notNull(),
    inReplyToId: bigint('in_reply_to_id', { mode: 'bigint' }),
    inReplyToUserId: text('in_reply_to_user_id'),
    quotedId: bigint('quoted_id', { mode: 'bigint' }),
    /** Uploaded media attached with `media.media_ids` (decimal strings). */
    mediaIds: text('media_ids').array(),
    /**
     * An edit is a new post (X: "Each edit creates a new post ID"): the chain's first version,
     * null on the first version itself. `edit_history_tweet_ids` is the chain, oldest first.
     */
    firstVersionId: bigint('first_version_id', { mode: 'bigint' }),
    /** The version that replaced this one; null on the newest, the one timelines and search list. */
    nextVersionId: bigint('next_version_id', { mode: 'bigint' }),
    createdAt: timestamptz('created_at').notNull(),
    deletedAt: timestamptz('deleted_at'),
  },
  (t) => [
    index('x_posts_author_idx').on(t.authorId, t.id),
    index('x_posts_reply_idx').on(t.inReplyToId),
    index('x_posts_first_version_idx').on(t.firstVersionId),
  ],
);

/** Who a post mentions (from @handle tokens, plus the parent's author for replies). */
export const xMentions = sandboxSchema.table(
  'x_mentions',
  {
    postId: bigint('post_id', { mode: 'bigint' }).notNull(),
    userId: text('user_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.postId] }), index('x_mentions_post_idx').on(t.postId)],
);

/** A consent screen shown, then (once decided) the authorization code it produced. */
export const xAuthorizations = sandboxSchema.table('x_authorizations', {
  nonceHash: text('nonce_hash').primaryKey(),
  clientId: text('client_id').notNull(),
  redirectUri: text('redirect_uri').notNull(),
  scopes: text('scopes').notNull(),
  state: text('state').notNull(),
  codeChallenge: text('code_challenge').notNull(),
  codeChallengeMethod: text('code_challenge_method').notNull(),
  expiresAt: timestamptz('expires_at').notNull(),
  decidedAt: timestamptz('decided_at'),
  userId: text('user_id'),
  codeHash: text('code_hash').unique(),
  codeExpiresAt: timestamptz('code_expires_at'),
  codeUsedAt: timestamptz('code_used_at'),
});

/** Access, refresh and app-only tokens, stored as SHA-256 hashes. */
export const xTokens = sandboxSchema.table(
  'x_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    kind: text('kind', { enum: ['access', 'refresh', 'app'] }).notNull(),
    clientId: text('client_id').notNull(),
    userId: text('user_id'),
    scopes: text('scopes').notNull(),
    /** Tokens from one authorization share a family: reuse of a rotated refresh token revokes it. */
    familyId: text('family_id').notNull(),
    expiresAt: timestamptz('expires_at'),
    rotatedAt: timestamptz('rotated_at'),
    revokedAt: timestamptz('revoked_at'),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [index('x_tokens_family_idx').on(t.familyId)],
);

/** Browser sessions of the local X's web pages. */
export const xWebSessions = sandboxSchema.table('x_web_sessions', {
  tokenHash: text('token_hash').primaryKey(),
  userId: text('user_id').notNull(),
  csrfToken: text('csrf_token').notNull(),
  createdAt: timestamptz('created_at').notNull(),
  expiresAt: timestamptz('expires_at').notNull(),
});

/** Fixed rate-limit windows per (bucket, subject): a bucket is an endpoint (or app-wide cap). */
export const xRateLimits = sandboxSchema.table(
  'x_rate_limits',
  {
    bucket: text('bucket').notNull(),
    subject: text('subject').notNull(),
    count: integer('count').notNull(),
    windowEndsAt: timestamptz('window_ends_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.subject] })],
);

/** Webhooks registered through POST /2/webhooks (after a passed CRC check), per app. */
export const xWebhooks = sandboxSchema.table('x_webhooks', {
  id: text('id').primaryKey(),
  clientId: text('client_id').notNull(),
  url: text('url').notNull(),
  createdAt: timestamptz('created_at').notNull(),
});

/** X Activity API subscriptions: an event type for one user, delivered to a webhook. */
export const xActivitySubscriptions = sandboxSchema.table('x_activity_subscriptions', {
  id: text('id').primaryKey(),
  clientId: text('client_id').notNull(),
  eventType: text('event_type').notNull(),
  userId: text('user_id').notNull(),
  webhookId: text('webhook_id'),
  tag: text('tag'),
  createdAt: timestamptz('created_at').notNull(),
});
/**
 * Chunked media uploads (INIT → APPEND… → FINALIZE → STATUS) and the stored file. `state` is
 * X's processing_info.state once finalized; chunks live in x_media_chunks until FINALIZE joins them.
 */
export const xMedia = sandboxSchema.table('x_media', {
  id: bigint('id', { mode: 'bigint' }).primaryKey(),
  ownerId: text('owner_id').notNull(),
  mediaType: text('media_type').notNull(),
  mediaCategory: text('media_category').notNull(),
  totalBytes: integer('total_bytes').notNull(),
  state: text('state', { enum: ['uploading', 'pending', 'in_progress', 'succeeded', 'failed'] })
    .notNull()
    .default('uploading'),
  error: text('error'),
  durationMs: integer('duration_ms'),
  bytes: bytea('bytes'),
  expiresAt: timestamptz('expires_at').notNull(),
  finalizedAt: timestamptz('finalized_at'),
  createdAt: timestamptz('created_at').notNull(),
});

export const xMediaChunks = sandboxSchema.table(
  'x_media_chunks',
  {
    mediaId: bigint('media_id', { mode: 'bigint' }).notNull(),
    segmentIndex: integer('segment_index').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.mediaId, t.segmentIndex] })],
);

/**
 * Who liked or reposted a post (X's `liking_users` and `retweeted_by`), one row per account and
 * kind as on X; `public_metrics.like_count` and `retweet_count` count them. A repost here is only
 * this row: the local X does not show reposts as posts on timelines or in search.
 */
export const xEngagements = sandboxSchema.table(
  'x_engagements',
  {
    postId: bigint('post_id', { mode: 'bigint' }).notNull(),
    userId: text('user_id').notNull(),
    kind: text('kind', { enum: ['like', 'repost'] }).notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.kind, t.userId] }),
    index('x_engagements_user_idx').on(t.userId),
  ],
);
