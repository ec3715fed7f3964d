import { z } from 'zod';

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
  username: z.string().nullable(),
  text: z.string(),
  metrics: z.object({
    likes: z.number().int().optional(),
    retweets: z.number().int().optional(),
    replies: z.number().int().optional(),
    quotes: z.number().int().optional(),
    repliers: z.number().int().nullable().optional(),
    /** Who engaged, when read: distinct accounts and their likes, reposts and replies. */
    engagers: z
      .object({
        accounts: z.number().int(),
        actions: z.number().int(),
        topTwoActions: z.number().int(),
      })
      .nullable()
      .optional(),
  }),
  /** 'mention': posted to the agent; 'cashtag': found by X's recent search for $UP. */
  foundBy: z.enum(['mention', 'cashtag']),
  engagementScore: z.number().int(),
  quality: z
    .object({
      originality: z.number().int(),
      substance: z.number().int(),
      spam: z.number().int(),
      reason: z.string(),
    })
    .nullable(),
  qualityScore: z.number().int().nullable(),
  total: z.number().int(),
  excludedBy: z.enum(postRewardRuleCodes).nullable(),
  excludedReason: z.string().nullable(),
  rank: z.number().int().nullable(),
  amount: z.string().nullable(),
  state: z.enum(['none', 'planned', 'paid', 'failed']),
});
export type ScoredPost = z.infer<typeof scoredPostSchema>;

export const postRewardDaySchema = z.object({
  day: z.string().nullable(),
  pool: z.string(),
  note: z.string().nullable(),
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
      total: z.number().int(),
      rank: z.number().int(),
      amount: z.string(),
      state: z.enum(['planned', 'paid', 'failed']),
    }),
  ),
});
export type MyPostRewards = z.infer<typeof myPostRewardsSchema>;
