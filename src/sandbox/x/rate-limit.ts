import { sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { xRateLimits } from '../db/schema/index.ts';
import type { XEnv } from './context.ts';

export const FIFTEEN_MINUTES = 15 * 60 * 1000;
export const ONE_DAY = 24 * 60 * 60 * 1000;
export const THREE_HOURS = 3 * 60 * 60 * 1000;

export interface RateState {
  limit: number;
  remaining: number;
  /** Unix seconds when the window ends. */
  reset: number;
  exceeded: boolean;
}

/**
 * Counts one request in a fixed window that starts at the first request (kept in the database,
 * so limits hold across restarts and several processes).
 */
export async function consumeRate(
  env: XEnv,
  p: { bucket: string; subject: string; limit: number; windowMs: number },
): Promise<RateState> {
  const now = env.now();
  const fresh = new Date(now.getTime() + p.windowMs);
  const expired = sql`${xRateLimits.windowEndsAt} <= ${now.toISOString()}::timestamptz`;
  const [row] = await env.db
    .insert(xRateLimits)
    .values({ bucket: p.bucket, subject: p.subject, count: 1, windowEndsAt: fresh })
    .onConflictDoUpdate({
      target: [xRateLimits.bucket, xRateLimits.subject],
      set: {
        count: sql`case when ${expired} then 1 else ${xRateLimits.count} + 1 end`,
        windowEndsAt: sql`case when ${expired} then excluded.window_ends_at else ${xRateLimits.windowEndsAt} end`,
      },
    })
    .returning();
  const count = row?.count ?? 1;
  return {
    limit: p.limit,
    remaining: Math.max(0, p.limit - count),
    reset: Math.floor((row?.windowEndsAt ?? fresh).getTime() / 1000),
    exceeded: count > p.limit,
  };
}

/** `x-rate-limit-*` (per endpoint) or `x-app-limit-24hour-*` (POST /2/tweets app cap). */
export function setRateHeaders(c: Context, state: RateState, prefix = 'x-rate-limit') {
  c.header(`${prefix}-limit`, String(state.limit));
  c.header(`${prefix}-remaining`, String(state.remaining));
  c.header(`${prefix}-reset`, String(state.reset));
}

/**
 * X's second posting window: 300 posts and reposts per user per 3 hours. X documents no header
 * for it; when it is the window that refuses, the 429 carries its figures in `x-rate-limit-*`
 * (limit 300, remaining 0, its reset), so a client that waits for `x-rate-limit-reset` waits
 * for the window that refused, not for the 15-minute one (README, "Rate limits").
 */
export async function consumeThreeHourPosts(c: Context, env: XEnv, userId: string) {
  const state = await consumeRate(env, {
    bucket: 'tweetCreateThreeHours',
    subject: `user:${userId}`,
    limit: env.limits.tweetCreateThreeHours,
    windowMs: THREE_HOURS,
  });
  if (state.exceeded) setRateHeaders(c, state);
  return state;
}
