import { Hono } from 'hono';
import { pingDatabase } from '../../db/client.ts';
import type { AppDeps } from '../../main/deps.ts';

export function healthRoutes(deps: AppDeps) {
  return new Hono().get('/', async (c) => {
    await pingDatabase(deps.db);
    return c.json({ ok: true, sandbox: deps.config.sandbox });
  });
}
