import * as z from 'zod/mini';

/**
 * Quality-post rewards as the API serves them (GET /api/rewards/posts, /api/rewards/posts/mine)
 * and the web parses them. Amounts are base-unit strings.
 */
export const postRewardRuleCodes = [
  'by_agent',
  'retweet',
  'command_only',
  'deleted',
  'account_too_new',
  'too_few_followers',
  'duplicate_text',
  'engagement_from_few_accounts',
  'spam',
  'one_per_author',
  'below_minimum',
] as const;

export const scoredPostSchema = z.object({
  postId: z.string(),
  username: z.nullable(z.string()),
  text: z.string(),
  metrics: z.object({
    likes: z.optional(z.int()),
    retweets: z.optional(z.int()),
    replies: z.optional(z.int()),
    quotes: z.optional(z.int()),
    repliers: z.optional(z.nullable(z.int())),
    /** Who engaged, when read: distinct accounts and their likes, reposts and replies. */
    engagers: z.optional(
      z.nullable(
        z.object({
          accounts: z.int(),
          actions: z.int(),
          topTwoActions: z.int(),
        }),
      ),
    ),
  }),
  /** 'mention': posted to the agent; 'cashtag': found by X's recent search for $UP. */
  foundBy: z.enum(['mention', 'cashtag']),
  engagementScore: z.int(),
  quality: z.nullable(
    z.object({
      originality: z.int(),
      substance: z.int(),
      spam: z.int(),
      reason: z.string(),
    }),
  ),
  qualityScore: z.nullable(z.int()),
  total: z.int(),
  excludedBy: z.nullable(z.enum(postRewardRuleCodes)),
  excludedReason: z.nullable(z.string()),
  rank: z.nullable(z.int()),
  amount: z.nullable(z.string()),
  state: z.enum(['none', 'planned', 'paid', 'failed']),
});
export type ScoredPost = z.infer<typeof scoredPostSchema>;

export const postRewardDaySchema = z.object({
  day: z.nullable(z.string()),
  pool: z.string(),
  note: z.nullable(z.string()),
  /** Scored days, newest first, for the day picker. */
  days: z.array(z.string()),
  posts: z.array(scoredPostSchema),
});
export type PostRewardDay = z.infer<typeof postRewardDaySchema>;

export const myPostRewardsSchema = z.object({
  rewards: z.array(
    z.object({
      day: z.string(),
      postId: z.string(),
      text: z.string(),
      total: z.int(),
      rank: z.int(),
      amount: z.string(),
      state: z.enum(['planned', 'paid', 'failed']),
    }),
  ),
});
export type MyPostRewards = z.infer<typeof myPostRewardsSchema>;
