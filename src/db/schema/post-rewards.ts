import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';

/**
 * A scored UTC day of quality-post rewards ('2026-11-24'). Written once with all its posts in one
 * transaction, so a re-run of the job pays the same posts the same amounts (decision 0020).
 * `note` says what the scoring could not do (e.g. the model was unavailable).
 */
export const postRewardDays = pgTable('post_reward_days', {
  day: text('day').primaryKey(),
  pool: bigint('pool', { mode: 'bigint' }).notNull(),
  note: text('note'),
  scoredAt: timestamptz('scored_at').notNull().defaultNow(),
});

/**
 * One post scored on a day, with why: its score parts, or the anti-abuse rule that excluded it.
 * Winners carry an amount paid from the rewards wallet with the transfer key
 * `post-reward:<day>:<post id>`. state: none (not rewarded) | planned → paid | failed.
 */
export const postRewardPosts = pgTable(
  'post_reward_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    day: text('day')
      .notNull()
      .references(() => postRewardDays.day),
    postId: text('post_id').notNull(),
    authorId: text('author_id').notNull(),
    authorUsername: text('author_username'),
    text: text('text').notNull(),
    /** likes, retweets, replies, quotes, distinct repliers as read from X. */
    metrics: jsonb('metrics').notNull(),
    /** 'mention' (in the agent's inbox: rewarded with a reply) | 'cashtag' (search: a quote post). */
    foundBy: text('found_by', { enum: ['mention', 'cashtag'] })
      .notNull()
      .default('mention'),
    engagementScore: integer('engagement_score').notNull(),
    /** The model's rubric ({originality, substance, spam} 0–10), null when not asked or down. */
    quality: jsonb('quality'),
    qualityScore: integer('quality_score'),
    total: integer('total').notNull(),
    excludedBy: text('excluded_by'),
    excludedDetail: text('excluded_detail'),
    rank: integer('rank'),
    amount: bigint('amount', { mode: 'bigint' }),
    state: text('state', { enum: ['none', 'planned', 'paid', 'failed'] })
      .notNull()
      .default('none'),
    transferId: uuid('transfer_id'),
    error: text('error'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('post_reward_posts_day_post_idx').on(t.day, t.postId),
    index('post_reward_posts_author_idx').on(t.authorId),
    index('post_reward_posts_state_idx').on(t.state),
  ],
);
