import { Hono } from 'hono';
import { z } from 'zod';
import { recordPageView } from '@/core/analytics/record-page-view.ts';
import type { ApiDeps } from '../deps.ts';
import { readJson } from '../http/validate.ts';

const pageViewBody = z.object({
  path: z.string().min(1).max(2048).startsWith('/'),
  referrer: z.string().max(2048).nullish(),
});

export function analyticsRoutes(deps: ApiDeps) {
  return new Hono().post('/pageview', async (c) => {
    const body = await readJson(c, pageViewBody);
    await recordPageView(deps, body);
    return c.body(null, 204);
  });
}
