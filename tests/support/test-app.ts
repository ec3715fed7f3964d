import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { type CreateAppOptions, createApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { keyRingFromLists } from '../../src/server/crypto/key-ring.ts';
import { createTokenCipher } from '../../src/server/crypto/token-cipher.ts';
import type { AppDeps } from '../../src/server/deps.ts';
import { createLogger } from '../../src/server/logger.ts';
import { createXClient } from '../../src/server/x/client.ts';
import type { FetchFn } from '../../src/server/x/http.ts';
import { createTestDatabase } from './test-db.ts';

export interface TestAppOptions extends CreateAppOptions {
  /** Where the X client's requests go. Default: this app itself (reaches a mounted sandbox). */
  xFetch?: FetchFn;
}

/** An app on a fresh database, called in-process through `app.request`. */
export async function createTestApp(env: Record<string, string> = {}, opts: TestAppOptions = {}) {
  const database = await createTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', PORT: '3999', ...env });
  const key = () => `t1:${randomBytes(32).toString('base64')}`;
  const ring = keyRingFromLists(key(), key());
  const { xFetch, ...appOpts } = opts;
  const deps: AppDeps = {
    config,
    db: database.db,
    logger: createLogger('silent'),
    now: () => new Date(),
    x: createXClient({
      ...config.x,
      clientId: config.x.clientId ?? 'test-client',
      // Read through deps so a test that fakes deps.now also fakes token expiry times.
      now: () => deps.now(),
      fetch: xFetch ?? (async (url, init) => app.request(url, init)),
    }),
    tokenCipher: createTokenCipher(ring),
  };
  const app = createApp(deps, { distDir: path.resolve('dist/web'), ...appOpts });
  return { app, deps, database, close: () => database.close() };
}
