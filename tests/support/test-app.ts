import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { type CreateAppOptions, createApp } from '../../src/api/app.ts';
import { keyRingFromLists } from '../../src/core/crypto/key-ring.ts';
import { createTokenCipher } from '../../src/core/crypto/token-cipher.ts';
import type { FetchFn } from '../../src/integrations/x/http.ts';
import { loadConfig } from '../../src/main/config.ts';
import { appFetch, createAppDeps } from '../../src/main/deps.ts';
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

/**
 * An app on a fresh database, called in-process through `app.request`, wired as the server wires
 * it (`createAppDeps`, the sandbox's mounts) with a settable clock and throwaway token keys.
 */
export async function createTestApp(env: Record<string, string> = {}, opts: TestAppOptions = {}) {
  const database = await createTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', PORT: '3999', ...env });
  const key = () => `t1:${randomBytes(32).toString('base64')}`;
  const clock = createTestClock();
  const logger = createLogger('silent');
  const { xFetch, sandbox: withSandbox, ...appOpts } = opts;
  // Sandbox URLs by default: every client request goes to this app (reaching a mounted sandbox).
  const local = appFetch(() => true);
  const sandbox = withSandbox
    ? await startSandbox({
        database,
        config,
        logger,
        now: clock.now,
        publicUrl: config.publicUrl,
        fetch: local.fetch,
      })
    : null;
  const localX = sandbox?.services.find((s) => s.name === 'x')?.describe();
  const deps = createAppDeps(config, database.db, {
    logger,
    now: clock.now,
    fetch: local.fetch,
    fetchFor: { x: xFetch },
    tokenCipher: createTokenCipher(keyRingFromLists(key(), key())),
    xApp: localX
      ? { clientId: String(localX.clientId), clientSecret: String(localX.clientSecret) }
      : { clientId: 'test-client', clientSecret: config.x.clientSecret },
  });
  const mounts = [...(sandbox ? sandboxMounts(deps, sandbox) : []), ...(appOpts.mounts ?? [])];
  const app = createApp(deps, { distDir: path.resolve('dist/web'), ...appOpts, mounts });
  local.attach(app);
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
