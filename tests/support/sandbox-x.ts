import { Hono } from 'hono';
import type { Database } from '@/db/client.ts';
import { loadConfig } from '@/main/config.ts';
import { createLogger } from '@/main/logger.ts';
import { migrateSandbox } from '@/sandbox/db/migrate.ts';
import type { SandboxContext } from '@/sandbox/mount.ts';
import type { XSandboxOptions } from '@/sandbox/x/context.ts';
import { createXSandbox } from '@/sandbox/x/service.ts';
import { createTestDatabase } from './test-db.ts';

/** A clock tests move by hand (code expiry, rate-limit windows). */
export function manualClock(start = new Date('2026-11-22T12:00:00.000Z')) {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance(ms: number) {
      now += ms;
    },
  };
}

/**
 * The local X mounted at /sandbox/x on a bare Hono app over a fresh (sandbox-migrated)
 * database. `reopen` builds a second instance on the same database, as a restart would.
 */
export async function createXTestSandbox(
  options: XSandboxOptions & Pick<SandboxContext, 'setTimer'> = {},
) {
  const database = await createTestDatabase();
  await migrateSandbox(database);
  const build = async (db: Database, opts: typeof options) => {
    const config = loadConfig({ NODE_ENV: 'test', PORT: '3999' });
    const ctx: SandboxContext = {
      database: db,
      config,
      logger: createLogger('silent'),
      now: opts.now ?? (() => new Date()),
      setTimer: opts.setTimer,
      publicUrl: config.publicUrl,
    };
    const service = await createXSandbox(ctx, opts);
    const app = new Hono().route(service.path, service.app);
    return { app, service, ctx, publicUrl: config.publicUrl };
  };
  const first = await build(database, options);
  return {
    ...first,
    database,
    reopen: (opts: typeof options = options) => build(database, opts),
    close: () => database.close(),
  };
}

type XTestSandbox = Awaited<ReturnType<typeof createXTestSandbox>>;

export function basicAuth(clientId: string, clientSecret: string) {
  return `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
}

/**
 * Walks the consent screen like a browser: GET the authorize URL, read the form's nonce,
 * submit it with a username. Returns the redirect (with `code` or `error`).
 */
export async function authorizeInBrowser(
  t: Pick<XTestSandbox, 'app' | 'service'>,
  p: {
    username: string;
    challenge: string;
    method?: string;
    scope?: string;
    redirectUri?: string;
    decision?: 'allow' | 'deny';
    state?: string;
  },
) {
  const d = t.service.describe() as { clientId: string; redirectUris: string[] };
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: d.clientId,
    redirect_uri: p.redirectUri ?? d.redirectUris[0]!,
    scope: p.scope ?? 'tweet.read users.read tweet.write offline.access',
    state: p.state ?? 'state-123',
    code_challenge: p.challenge,
    code_challenge_method: p.method ?? 'S256',
  });
  const page = await t.app.request(`/sandbox/x/i/oauth2/authorize?${query}`);
  const nonce = /name="nonce" value="([^"]+)"/.exec(await page.text())?.[1];
  if (!nonce) throw new Error(`no consent form (status ${page.status})`);
  const res = await t.app.request('/sandbox/x/i/oauth2/authorize', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ nonce, username: p.username, decision: p.decision ?? 'allow' }),
  });
  const location = new URL(res.headers.get('location') ?? 'http://invalid/');
  return { res, location, code: location.searchParams.get('code') };
}
