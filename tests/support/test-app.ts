import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { CreateAppOptions } from '@/api/app.ts';
import { keyRingFromLists } from '@/core/crypto/key-ring.ts';
import { createTokenCipher } from '@/core/crypto/token-cipher.ts';
import { type Database, openDatabase } from '@/db/client.ts';
import type { FetchFn } from '@/integrations/x/http.ts';
import { localSandbox } from '@/main/bootstrap.ts';
import { composeProduct } from '@/main/compose-product.ts';
import { loadConfig } from '@/main/config.ts';
import { createLogger } from '@/main/logger.ts';
import { createTestDatabase } from './test-db.ts';

export interface TestAppOptions extends CreateAppOptions {
  /** Where the X client's requests go. Default: this app itself (reaches a mounted sandbox). */
  xFetch?: FetchFn;
  /** Mount the sandbox (local X, ...) in-process, and point the X client at it. */
  sandbox?: boolean;
  /**
   * Another instance on this database (its `url`, from a first app's `database`), as a second
   * API process would be: own pools, same rows. Default: a fresh database for this app.
   */
  sharedDatabaseUrl?: string;
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
 * Test defaults: subscription reminders are off unless a test turns them on (otherwise a
 * subscription a test makes near its end would also get a reminder from the agent).
 */
export const TEST_ENV = { NODE_ENV: 'test', PORT: '3999', SUBSCRIPTION_REMINDER_DAYS: '0' };

/**
 * An app on a fresh database, called in-process through `app.request`, wired by the server's own
 * composition (src/main/compose-product.ts) with a settable clock and throwaway token keys; no
 * agent, workers or indexers.
 */
export async function createTestApp(env: Record<string, string> = {}, opts: TestAppOptions = {}) {
  const database: Database & { url?: string } = opts.sharedDatabaseUrl
    ? await openDatabase({ url: opts.sharedDatabaseUrl })
    : await createTestDatabase();
  const config = loadConfig({ ...TEST_ENV, ...env });
  const key = () => `t1:${randomBytes(32).toString('base64')}`;
  const clock = createTestClock();
  const { xFetch, sandbox: withSandbox, sharedDatabaseUrl: _, ...appOpts } = opts;
  const { app, deps, sandbox } = await composeProduct(config, database, {
    logger: createLogger('silent'),
    now: clock.now,
    // Sandbox URLs by default: every client request goes to this app (reaching a mounted sandbox).
    inProcess: () => true,
    sandbox: withSandbox ? localSandbox() : null,
    fetchFor: () => ({ x: xFetch }),
    tokenCipher: createTokenCipher(keyRingFromLists(key(), key())),
    xAppFallback: { clientId: 'test-client', clientSecret: config.x.clientSecret },
    app: { distDir: path.resolve('dist/web'), ...appOpts },
  });
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
