import { z } from 'zod';
import { ConfigError } from './config-fields.ts';

/** The coin id the local market twin answers for (src/sandbox/market). */
export const SANDBOX_MARKET_COIN_ID = 'upsider';
/** DAG's and DOR's ids at the local market twin (token analysis figures). */
export const SANDBOX_TOKEN_COIN_IDS = { DAG: 'constellation-labs', DOR: 'dor' } as const;

const usd = z.coerce.number().positive().max(1_000_000);

/** Environment variables of subscriptions, market data and rewards. In .env.example. */
export const premiumEnvShape = {
  /** Market data in CoinGecko's simple/price shape. Sandbox mode: the local twin /sandbox/market. */
  MARKET_API_URL: z.url().optional(),
  MARKET_API_KEY: z.string().min(1).optional(),
  MARKET_API_KEY_HEADER: z.string().min(1).default('x-cg-demo-api-key'),
  /** UP's id at the market-data API. Required outside the sandbox (whose twin lists 'upsider'). */
  MARKET_COIN_ID: z.string().min(1).optional(),
  /** DAG's and DOR's ids there: the price in their token analyses (none: no price is shown). */
  MARKET_DAG_COIN_ID: z.string().min(1).optional(),
  MARKET_DOR_COIN_ID: z.string().min(1).optional(),
  MARKET_PRICE_CACHE_MS: z.coerce.number().int().min(0).default(60_000),
  /** A purchase is refused when the UP price is older than this. */
  MARKET_PRICE_MAX_AGE_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(15 * 60_000),
  /**
   * The sanity band on the UP price (decision 0009): a price outside these USD bounds, or more
   * than MARKET_PRICE_MAX_JUMP_FACTOR times above or below the median of the prices accepted in
   * the last MARKET_PRICE_MEDIAN_WINDOW_MS, is refused and nothing is quoted from it.
   */
  MARKET_PRICE_MIN_USD: z.coerce.number().positive().default(0.000001),
  MARKET_PRICE_MAX_USD: z.coerce.number().positive().default(1000),
  MARKET_PRICE_MAX_JUMP_FACTOR: z.coerce.number().min(1.01).max(1000).default(3),
  MARKET_PRICE_MEDIAN_WINDOW_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(6 * 60 * 60_000),
  SUBSCRIPTION_PRO_MONTHLY_USD: usd.default(10),
  SUBSCRIPTION_PREMIUM_MONTHLY_USD: usd.default(25),
  /** How long a quoted UP amount holds. */
  SUBSCRIPTION_QUOTE_TTL_SECONDS: z.coerce.number().int().min(10).max(3600).default(300),
  /** Days before the end of a subscription when the renewal reminder goes out; 0 = off. */
  SUBSCRIPTION_REMINDER_DAYS: z.coerce.number().int().min(0).max(60).default(3),
  /** UP paid each month from the rewards wallet to the closed month's top premium users. */
  REWARDS_MONTHLY_POOL_UP: z.coerce.number().min(0).default(1000),
  REWARDS_WINNERS: z.coerce.number().int().min(1).max(100).default(5),
  /** Quality-post rewards (decision 0020): UP shared each UTC day among the top posts. */
  POST_REWARDS_DAILY_POOL_UP: z.coerce.number().min(0).default(200),
  POST_REWARDS_WINNERS: z.coerce.number().int().min(1).max(100).default(5),
  POST_REWARDS_MIN_ACCOUNT_DAYS: z.coerce.number().int().min(0).max(3650).default(30),
  POST_REWARDS_MIN_FOLLOWERS: z.coerce.number().int().min(0).default(10),
  /** Total score (0-100: engagement 0-40 + quality 0-60) a post needs to earn. */
  POST_REWARDS_MIN_SCORE: z.coerce.number().int().min(0).max(100).default(30),
};

const premiumEnvSchema = z.object(premiumEnvShape);
type PremiumEnv = z.infer<typeof premiumEnvSchema>;

export function premiumConfig(env: PremiumEnv, sandbox: boolean, publicUrl: string) {
  return {
    market: {
      baseUrl:
        env.MARKET_API_URL ??
        (sandbox ? `${publicUrl}/sandbox/market/api/v3` : 'https://api.coingecko.com/api/v3'),
      apiKey: env.MARKET_API_KEY,
      apiKeyHeader: env.MARKET_API_KEY_HEADER,
      // The sandbox twin's id only in sandbox mode: a guessed id at a real API would price UP
      // from whatever coin answers to it.
      coinId: env.MARKET_COIN_ID ?? (sandbox ? SANDBOX_MARKET_COIN_ID : null),
      tokenCoinIds: {
        DAG: env.MARKET_DAG_COIN_ID ?? (sandbox ? SANDBOX_TOKEN_COIN_IDS.DAG : null),
        DOR: env.MARKET_DOR_COIN_ID ?? (sandbox ? SANDBOX_TOKEN_COIN_IDS.DOR : null),
      },
      cacheMs: env.MARKET_PRICE_CACHE_MS,
      maxAgeMs: env.MARKET_PRICE_MAX_AGE_MS,
      band: priceBand(env),
    },
    subscriptions: {
      monthlyUsd: {
        pro: env.SUBSCRIPTION_PRO_MONTHLY_USD,
        premium: env.SUBSCRIPTION_PREMIUM_MONTHLY_USD,
      },
      quoteTtlMs: env.SUBSCRIPTION_QUOTE_TTL_SECONDS * 1000,
      reminderDays: env.SUBSCRIPTION_REMINDER_DAYS,
    },
    rewards: { monthlyPoolUp: env.REWARDS_MONTHLY_POOL_UP, winners: env.REWARDS_WINNERS },
    postRewards: {
      dailyPoolUp: env.POST_REWARDS_DAILY_POOL_UP,
      winners: env.POST_REWARDS_WINNERS,
      minAccountAgeDays: env.POST_REWARDS_MIN_ACCOUNT_DAYS,
      minFollowers: env.POST_REWARDS_MIN_FOLLOWERS,
      minScore: env.POST_REWARDS_MIN_SCORE,
    },
  };
}

function priceBand(env: PremiumEnv) {
  if (env.MARKET_PRICE_MIN_USD >= env.MARKET_PRICE_MAX_USD) {
    throw new ConfigError([
      'MARKET_PRICE_MIN_USD: not below MARKET_PRICE_MAX_USD → a band whose minimum is below its maximum',
    ]);
  }
  return {
    minUsd: env.MARKET_PRICE_MIN_USD,
    maxUsd: env.MARKET_PRICE_MAX_USD,
    maxJumpFactor: env.MARKET_PRICE_MAX_JUMP_FACTOR,
    medianWindowMs: env.MARKET_PRICE_MEDIAN_WINDOW_MS,
  };
}

export type PremiumConfig = ReturnType<typeof premiumConfig>;
