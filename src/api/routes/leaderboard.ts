import { Hono } from 'hono';
import { z } from 'zod';
import { getLeaderboard } from '@/core/leaderboards/get-leaderboard.ts';
import {
  LEADERBOARD_CATEGORIES,
  LEADERBOARD_PERIODS,
  type Leaderboard,
} from '@/shared/leaderboard/contract.ts';
import type { ApiDeps } from '../deps.ts';
import { type CachedJson, createCachedJson } from '../http/cached-json.ts';
import type { FastJsonRoutes } from '../http/fast-json.ts';
import { readParams } from '../http/validate.ts';

const params = z.object({
  category: z.enum(LEADERBOARD_CATEGORIES),
  period: z.enum(LEADERBOARD_PERIODS),
});

/**
 * GET /api/leaderboard/{mentions|sends|fingerprints}/{all-time|monthly}. Six boards,
 * each computed in the background every 15 s while polled and served with an ETag: a page that
 * refetches every 5 minutes costs one comparison, however many read it.
 */
export function leaderboardRoutes(deps: ApiDeps, polls?: FastJsonRoutes) {
  const boards = new Map<string, CachedJson>();
  const board = (p: z.infer<typeof params>) => {
    const key = `${p.category}/${p.period}`;
    let cached = boards.get(key);
    if (!cached) {
      cached = createCachedJson({
        name: `leaderboard ${key}`,
        compute: async (): Promise<Leaderboard> => ({ entries: await getLeaderboard(deps, p) }),
        intervalMs: 15_000,
        now: deps.now,
        logger: deps.logger,
      });
      boards.set(key, cached);
      polls?.add(`/api/leaderboard/${key}`, cached);
    }
    return cached;
  };
  return new Hono().get('/:category/:period', (c) => board(readParams(c, params)).respond(c));
}
