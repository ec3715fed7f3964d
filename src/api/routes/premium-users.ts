import { Hono } from 'hono';
import { z } from 'zod';
import {
  countPremiumStats,
  listPremiumUsers,
  PREMIUM_USERS_PAGE_SIZE,
} from '@/core/subscriptions/index.ts';
import type { PremiumStats, PremiumUsers } from '@/shared/premium/contract.ts';
import type { ApiDeps } from '../deps.ts';
import { readQuery } from '../http/validate.ts';

/** Trimmed; empty means "not given", so a blank search box lists everyone. */
const text = z
  .string()
  .max(200)
  .transform((s) => s.trim())
  .optional();

const query = z.object({
  search: text,
  wallet: text,
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(PREMIUM_USERS_PAGE_SIZE)
    .default(PREMIUM_USERS_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
});

/**
 * GET /api/premium-users?search&wallet&limit&offset → { users, count, total };
 * GET /api/premium-users/stats → the page's stat cards.
 */
export function premiumUsersRoutes(deps: ApiDeps) {
  const app = new Hono();
  app.get('/stats', async (c) => {
    const stats: PremiumStats = await countPremiumStats(deps);
    c.header('Cache-Control', 'public, max-age=10');
    return c.json(stats);
  });
  return app.get('/', async (c) => {
    const q = readQuery(c, query);
    const result = await listPremiumUsers(deps, {
      search: q.search || undefined,
      wallet: q.wallet || undefined,
      limit: q.limit,
      offset: q.offset,
    });
    c.header('Cache-Control', 'public, max-age=10');
    return c.json(result satisfies PremiumUsers);
  });
}
