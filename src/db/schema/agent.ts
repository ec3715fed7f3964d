import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';

/**
 * Small durable facts of the agent shared by every worker process: the mentions cursor
 * (`mentions_since_id`), the pause flag, the last X rate-limit headers seen, the pending OAuth
 * connect. One row per key; values are JSON.
 */
export const agentState = pgTable('agent_state', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

/** The agent's own X account and its OAuth tokens (encrypted at rest). One row per handle. */
export const agentAccounts = pgTable('agent_accounts', {
  handle: text('handle').primaryKey(),
  xUserId: text('x_user_id').notNull(),
  accessTokenEnc: text('access_token_enc').notNull(),
  refreshTokenEnc: text('refresh_token_enc'),
  expiresAt: timestamptz('expires_at'),
  scopes: text('scopes').notNull(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

/**
 * The inbox is also the job queue: one row per command, keyed by the post id (or
 * `console-<uuid>` for the web console), so a post is stored and processed at most once.
 * Workers claim rows with FOR UPDATE SKIP LOCKED and a lease (`locked_until`) that a crashed
 * worker's claim outlives only until it expires.
 */
export const agentInbox = pgTable(
  'agent_inbox',
  {
    postId: text('post_id').primaryKey(),
    source: text('source', { enum: ['x', 'console'] }).notNull(),
    authorId: text('author_id').notNull(),
    authorUsername: text('author_username'),
    text: text('text').notNull(),
    /** The post as read from X (referenced posts, entities, conversation). */
    post: jsonb('post').notNull(),
    /**
     * The first version of an edited post (`edit_history_tweet_ids[0]`): every version of one
     * post is its own row, and the command they share is keyed on this (decision 0042). Null on
     * rows stored before edits were read, and on console messages: the row's own post id.
     */
    firstVersionId: text('first_version_id'),
    status: text('status', { enum: ['pending', 'done', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    lockedUntil: timestamptz('locked_until'),
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    /** What the agent understood and did (the receipt). */
    command: jsonb('command'),
    outcome: jsonb('outcome'),
    replyText: text('reply_text'),
    receivedAt: timestamptz('received_at').notNull().defaultNow(),
    processedAt: timestamptz('processed_at'),
  },
  (t) => [
    index('agent_inbox_due_idx').on(t.status, t.nextAttemptAt),
    index('agent_inbox_author_idx').on(t.authorId, t.receivedAt),
    index('agent_inbox_first_version_idx').on(t.firstVersionId, t.postId),
  ],
);

/**
 * Which version of a post acts on its command, one row per first version (decision 0042). The
 * primary key is the guard: two workers running the original and its edit at once both insert,
 * one wins; every other version is closed, or answered once with `editAnsweredBy` saying which
 * edit got the "edits are not re-run" reply.
 */
export const agentCommandClaims = pgTable('agent_command_claims', {
  firstVersionId: text('first_version_id').primaryKey(),
  postId: text('post_id').notNull(),
  editAnsweredBy: text('edit_answered_by'),
  claimedAt: timestamptz('claimed_at').notNull(),
});

/** Replies waiting to be posted on X, in order, at most one per key (`reply:<postId>`). */
export const agentOutbox = pgTable(
  'agent_outbox',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    key: text('key').notNull().unique(),
    postId: text('post_id').notNull(),
    /** The post this answers. Null for a quote post (promotions where X allows no reply). */
    inReplyToId: text('in_reply_to_id'),
    /** Set for a quote post of this post instead of a reply. */
    quoteTweetId: text('quote_tweet_id'),
    text: text('text').notNull(),
    /** X media ids posted with the reply (a promotion video), already uploaded and processed. */
    mediaIds: text('media_ids').array(),
    /** Higher leaves first: 1 for replies to active Premium subscribers (decision 0007), else 0. */
    priority: smallint('priority').notNull().default(0),
    /** `folded`: answered inside a digest reply instead (outbox/fold-cold.ts, decision 0063). */
    status: text('status', { enum: ['pending', 'sent', 'failed', 'folded'] })
      .notNull()
      .default('pending'),
    /** The key of the digest reply a folded reply is listed in. */
    foldedInto: text('folded_into'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    lockedUntil: timestamptz('locked_until'),
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    sentPostId: text('sent_post_id'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    sentAt: timestamptz('sent_at'),
  },
  (t) => [
    // DESC NULLS FIRST is what `order by priority desc` means, so the index serves the claim.
    index('agent_outbox_due_idx').on(t.status, t.priority.desc().nullsFirst(), t.id),
    index('agent_outbox_sent_at_idx').on(t.sentAt),
    // Which of our posts a reply answers (outbox/reply-target.ts, for every reply queued; a
    // confirm's preview): looked up by the post id X gave our reply.
    index('agent_outbox_sent_post_idx').on(t.sentPostId),
  ],
);

/** Sends above the confirmation threshold wait here for the author's 'confirm' (10 minutes). */
export const agentConfirmations = pgTable(
  'agent_confirmations',
  {
    postId: text('post_id').primaryKey(),
    authorId: text('author_id').notNull(),
    command: jsonb('command').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    confirmedByPostId: text('confirmed_by_post_id').unique(),
    confirmedAt: timestamptz('confirmed_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('agent_confirmations_author_idx').on(t.authorId, t.expiresAt)],
);

/**
 * Every send the agent started, keyed by its idempotency key: the per-user daily limits sum
 * these. Inserted under a per-author advisory lock so two workers cannot both pass a limit.
 */
export const agentSends = pgTable(
  'agent_sends',
  {
    idempotencyKey: text('idempotency_key').primaryKey(),
    authorId: text('author_id').notNull(),
    token: text('token').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('agent_sends_author_idx').on(t.authorId, t.createdAt)],
);

/** Leaderboard facts: who mentioned the agent, who sent, who fingerprinted, and when. */
export const activities = pgTable(
  'activities',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    userId: text('user_id').notNull(),
    platform: text('platform').notNull().default('twitter'),
    kind: text('kind', { enum: ['mention', 'send', 'fingerprint'] }).notNull(),
    postId: text('post_id').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('activities_post_kind_idx').on(t.postId, t.kind),
    index('activities_kind_created_idx').on(t.kind, t.createdAt),
    index('activities_user_idx').on(t.userId, t.kind),
  ],
);

/**
 * Per-user activity counts by period ('all' and each UTC month 'YYYY-MM'), kept in the same
 * transaction as each new activity row, so a leaderboard reads its top entries off an index
 * instead of counting millions of rows. `reachedAt` is when the user reached `count` (ties go to
 * whoever got there first).
 */
export const activityTotals = pgTable(
  'activity_totals',
  {
    period: text('period').notNull(),
    kind: text('kind', { enum: ['mention', 'send', 'fingerprint'] }).notNull(),
    userId: text('user_id').notNull(),
    platform: text('platform').notNull(),
    count: integer('count').notNull(),
    reachedAt: timestamptz('reached_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.period, t.kind, t.userId, t.platform] }),
    index('activity_totals_rank_idx').on(
      t.period,
      t.kind,
      t.count.desc().nullsFirst(),
      t.reachedAt,
      t.userId,
    ),
  ],
);
