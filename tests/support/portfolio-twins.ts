import { Hono } from 'hono';
import { loadConfig } from '@/main/config.ts';
import type { AppDeps } from '@/main/deps.ts';
import { createLogger } from '@/main/logger.ts';
import { migrateSandbox } from '@/sandbox/db/migrate.ts';
import { createLlmSandbox } from '@/sandbox/llm/service.ts';
import type { SandboxContext } from '@/sandbox/mount.ts';
import { createPolymarketSandbox } from '@/sandbox/polymarket/service.ts';
import { createTestDatabase } from './test-db.ts';

/**
 * The local Polymarket and LLM on a bare Hono app over a fresh database, with a clock the test
 * moves. `fetch` dispatches in-process (the clients' URLs are the config's sandbox defaults).
 */
export async function startPortfolioTwins(env: Record<string, string> = {}) {
  const database = await createTestDatabase();
  await migrateSandbox(database);
  let now = new Date('2026-11-22T12:00:00.000Z').getTime();
  const config = loadConfig({ NODE_ENV: 'test', PORT: '3999', SANDBOX: 'true', ...env });
  const deps = {
    config,
    db: database.db,
    logger: createLogger('silent'),
    now: () => new Date(now),
  } as unknown as AppDeps;
  const ctx: SandboxContext = {
    database,
    config,
    logger: deps.logger,
    now: deps.now,
    publicUrl: config.publicUrl,
  };
  const root = new Hono();
  for (const s of [createPolymarketSandbox(ctx), createLlmSandbox(ctx)]) root.route(s.path, s.app);
  return {
    config,
    database,
    deps,
    root,
    fetch: async (url: string, init?: RequestInit) => root.request(url, init),
    advance(ms: number) {
      now += ms;
    },
    close: () => database.close(),
  };
}
