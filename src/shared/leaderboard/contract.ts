import * as z from 'zod/mini';

/** `GET /api/leaderboard/{category}/{period}`. */
export const LEADERBOARD_CATEGORIES = ['mentions', 'sends', 'fingerprints'] as const;
export const LEADERBOARD_PERIODS = ['all-time', 'monthly'] as const;
export type LeaderboardCategory = (typeof LEADERBOARD_CATEGORIES)[number];
export type LeaderboardPeriod = (typeof LEADERBOARD_PERIODS)[number];

/** At most this many entries per board. */
export const LEADERBOARD_SIZE = 100;

/** The leaderboard response. */
export const leaderboardEntrySchema = z.object({
  rank: z.number(),
  username: z.string(),
  platform: z.string(),
  author_id: z.string(),
  count: z.number(),
  hasActiveSubscription: z.boolean(),
  breakdown: z.object({ sends: z.number(), fingerprints: z.number(), mentions: z.number() }),
});
export type LeaderboardEntry = z.infer<typeof leaderboardEntrySchema>;

export const leaderboardSchema = z.object({ entries: z.array(leaderboardEntrySchema) });
export type Leaderboard = z.infer<typeof leaderboardSchema>;

// By hand, not date-fns: the leaderboard page imports these, and date-fns + @date-fns/utc would add
// ~0.9 KB gzip to it for two one-line computations (esbuild, minified).
/** The first instant of the UTC month containing `now`: where a monthly board starts. */
export const monthStartUtc = (now: Date) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

/** The first instant of the next UTC month: when the monthly board resets. */
export const nextMonthStartUtc = (now: Date) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));

/** `GET /api/rewards/latest` and `/mine` payout rows (amounts in base units, decimal strings). */
export const rewardPayoutSchema = z.object({
  month: z.string(),
  rank: z.number(),
  username: z.string(),
  activityCount: z.number(),
  amount: z.string(),
  state: z.enum(['planned', 'paid', 'failed']),
});
export type RewardPayout = z.infer<typeof rewardPayoutSchema>;

export const latestRewardsSchema = z.object({
  month: z.nullable(z.string()),
  pool: z.string(),
  payouts: z.array(rewardPayoutSchema),
});
export type LatestRewards = z.infer<typeof latestRewardsSchema>;
export const myRewardsSchema = z.object({ payouts: z.array(rewardPayoutSchema) });
export type MyRewards = z.infer<typeof myRewardsSchema>;
