import { Hono } from 'hono';
import { listLatestRewards, listUserRewards } from '../../core/rewards/index.ts';
import type { AppDeps } from '../../main/deps.ts';
import { type AuthEnv, currentUser, loadSession, requireUser } from '../middleware/session.ts';

/**
 * GET /api/rewards/latest: the last closed month's winners ('Last month's rewards');
 * GET /api/rewards/mine: the signed-in user's payouts (their dashboard).
 */
export function rewardsRoutes(deps: AppDeps) {
  const app = new Hono<AuthEnv>();
  app.get('/latest', async (c) => {
    c.header('Cache-Control', 'public, max-age=60');
    return c.json(await listLatestRewards(deps));
  });
  app.get('/mine', loadSession(deps), requireUser, async (c) =>
    c.json({ payouts: await listUserRewards(deps, { xUserId: currentUser(c).xUserId }) }),
  );
  return app;
}
