import path from 'node:path';
import { type CreateAppOptions, createApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import type { AppDeps } from '../../src/server/deps.ts';
import { createLogger } from '../../src/server/logger.ts';
import { createTestDatabase } from './test-db.ts';

/** An app on a fresh database, called in-process through `app.request`. */
export async function createTestApp(env: Record<string, string> = {}, opts: CreateAppOptions = {}) {
  const database = await createTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', PORT: '3999', ...env });
  const deps: AppDeps = { config, db: database.db, logger: createLogger('silent') };
  const app = createApp(deps, { distDir: path.resolve('dist/web'), ...opts });
  return { app, deps, database, close: () => database.close() };
}
