import { Hono } from 'hono';
import { getPostRewardDay, listMyPostRewards } from '@/core/post-rewards/index.ts';
import { listLatestRewards, listUserRewards } from '@/core/rewards/index.ts';
import { dayKeySchema } from '@/shared/calendar-keys.ts';
import type { LatestRewards, MyRewards } from '@/shared/leaderboard/contract.ts';
import type { MyPostRewards, PostRewardDay } from '@/shared/post-rewards/contract.ts';
import type { ApiDeps } from '../deps.ts';
import { badRequest } from '../http/errors.ts';
import { type AuthEnv, currentUser, loadSession, requireUser } from '../http/session.ts';

/**
 * GET /api/rewards/latest: the last closed month's winners ('Last month's rewards');
 * GET /api/rewards/mine: the signed-in user's payouts (their dashboard);
 * GET /api/rewards/posts?day=: a scored day of quality-post rewards, every post and why (/rewards);
 * GET /api/rewards/posts/mine: the signed-in user's rewarded posts.
 */
export function rewardsRoutes(deps: ApiDeps) {
  const app = new Hono<AuthEnv>();
  app.get('/latest', async (c) => {
    c.header('Cache-Control', 'public, max-age=60');
    return c.json((await listLatestRewards(deps)) satisfies LatestRewards);
  });
  app.get('/mine', loadSession(deps), requireUser, async (c) =>
    c.json({
      payouts: await listUserRewards(deps, { xUserId: currentUser(c).xUserId }),
    } satisfies MyRewards),
  );
  app.get('/posts', async (c) => {
    const day = c.req.query('day');
    if (day !== undefined && !dayKeySchema.safeParse(day).success)
      throw badRequest('day must be a date like 2026-11-24', 'invalid_day');
    c.header('Cache-Control', 'public, max-age=30');
    return c.json((await getPostRewardDay(deps, { day })) satisfies PostRewardDay);
  });
  app.get('/posts/mine', loadSession(deps), requireUser, async (c) =>
    c.json({
      rewards: await listMyPostRewards(deps, { xUserId: currentUser(c).xUserId }),
    } satisfies MyPostRewards),
  );
  return app;
}
