import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { type CreateAppOptions, createApp } from '../../src/api/app.ts';
import { keyRingFromLists } from '../../src/core/crypto/key-ring.ts';
import { createTokenCipher } from '../../src/core/crypto/token-cipher.ts';
import { createConstellationClient } from '../../src/integrations/constellation/index.ts';
import { createMarketClient } from '../../src/integrations/market/index.ts';
import { createXClient } from '../../src/integrations/x/client.ts';
import type { FetchFn } from '../../src/integrations/x/http.ts';
import { loadConfig } from '../../src/main/config.ts';
import type { AppDeps } from '../../src/main/deps.ts';
import { createLogger } from '../../src/main/logger.ts';
import { startSandbox } from '../../src/sandbox/mount.ts';
import { sandboxMounts } from '../../src/sandbox/product-admin/rewards-admin.ts';
import { createTestDatabase } from './test-db.ts';

export interface TestAppOptions extends CreateAppOptions {
  /** Where the X client's requests go. Default: this app itself (reaches a mounted sandbox). */
  xFetch?: FetchFn;
  /** Mount the sandbox (local X, ...) in-process, and point the X client at it. */
  sandbox?: boolean;
}

/** A settable clock: `deps.now()` reads it, so sessions, token expiry and the sandbox follow it. */
export function createTestClock() {
  let fixed: Date | null = null;
  return {
    now: () => fixed ?? new Date(),
    set(d: Date) {
      fixed = new Date(d);
    },
    advance(ms: number) {
      fixed = new Date((fixed ?? new Date()).getTime() + ms);
    },
    reset() {
      fixed = null;
    },
  };
}

/** An app on a fresh database, called in-process through `app.request`. */
export async function createTestApp(env: Record<string, string> = {}, opts: TestAppOptions = {}) {
  const database = await createTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', PORT: '3999', ...env });
  const key = () => `t1:${randomBytes(32).toString('base64')}`;
  const clock = createTestClock();
  const { xFetch, sandbox: withSandbox, ...appOpts } = opts;
  const xClient = (credentials: { clientId?: string; clientSecret?: string }) =>
    createXClient({
      ...config.x,
      clientId: config.x.clientId ?? 'test-client',
      ...credentials,
      now: clock.now,
      fetch: xFetch ?? (async (url, init) => app.request(url, init)),
    });
  const deps: AppDeps = {
    config,
    db: database.db,
    logger: createLogger('silent'),
    now: clock.now,
    x: xClient({}),
    tokenCipher: createTokenCipher(keyRingFromLists(key(), key())),
    // Sandbox URLs by default: requests go to this app itself (reaching a mounted sandbox).
    constellation: createConstellationClient({
      ...config.constellation,
      fetch: async (url, init) => app.request(url, init),
    }),
    market: createMarketClient({
      ...config.market,
      now: clock.now,
      fetch: async (url, init) => app.request(url, init),
    }),
  };
  const sandbox = withSandbox
    ? await startSandbox({
        deps,
        database,
        publicUrl: config.publicUrl,
        fetch: async (url, init) => app.request(url, init),
      })
    : null;
  const localX = sandbox?.services.find((s) => s.name === 'x')?.describe();
  if (localX) {
    deps.x = xClient({
      clientId: String(localX.clientId),
      clientSecret: String(localX.clientSecret),
    });
  }
  const mounts = [...(sandbox ? sandboxMounts(deps, sandbox) : []), ...(appOpts.mounts ?? [])];
  const app = createApp(deps, { distDir: path.resolve('dist/web'), ...appOpts, mounts });
  return {
    app,
    deps,
    database,
    clock,
    async close() {
      await sandbox?.stop();
      await database.close();
    },
  };
}
