import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, subscriptions, users } from '@/db/schema/index.ts';
import { CookieJar, ORIGIN, request, signIn } from '../../../support/sign-in.ts';
import { createTestApp } from '../../../support/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let jar: CookieJar;
let xUserId: string;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp({}, { sandbox: true });
  jar = new CookieJar();
  await signIn(t.app, jar, 'session_sam');
  xUserId = (await (await request(t.app, jar, '/api/auth/me')).json()).twitterId;
});
afterAll(() => t.close());

describe('session lifetime', () => {
  it('slides with use and ends after SESSION_IDLE_DAYS without use', async () => {
    const local = new CookieJar();
    await signIn(t.app, local, 'idle_ida');
    const start = Date.now();
    try {
      // Used on day 10 and day 20: still alive, because each use moves the idle window.
      t.clock.set(new Date(start + 10 * DAY));
      const day10 = await request(t.app, local, '/api/auth/me');
      expect(day10.status).toBe(200);
      expect(day10.headers.getSetCookie().join()).toContain('upsider_session=');
      t.clock.set(new Date(start + 20 * DAY));
      expect((await request(t.app, local, '/api/auth/me')).status).toBe(200);
      // Then 14 days and a minute of silence.
      t.clock.set(new Date(start + 34 * DAY + 60_000));
      const expired = await request(t.app, local, '/api/auth/me');
      expect(expired.status).toBe(401);
      expect(await expired.json()).toEqual({
        error: { code: 'unauthorized', message: expect.any(String) },
      });
    } finally {
      t.clock.reset();
    }
  });

  it('ends SESSION_MAX_DAYS (30) after sign-in however often it is used', async () => {
    const local = new CookieJar();
    await signIn(t.app, local, 'busy_bea');
    const start = Date.now();
    try {
      for (const day of [6, 12, 18, 24]) {
        t.clock.set(new Date(start + day * DAY));
        expect((await request(t.app, local, '/api/auth/me')).status).toBe(200);
      }
      // On day 24 the cookie is renewed only until the absolute end (6 days), not 14 more.
      t.clock.set(new Date(start + 29 * DAY));
      const day29 = await request(t.app, local, '/api/auth/me');
      expect(day29.status).toBe(200);
      const maxAge = Number(/Max-Age=(\d+)/.exec(day29.headers.getSetCookie().join())?.[1]);
      expect(maxAge).toBeGreaterThan(0);
      expect(maxAge).toBeLessThanOrEqual(DAY / 1000);
      t.clock.set(new Date(start + 30 * DAY + 60_000));
      expect((await request(t.app, local, '/api/auth/me')).status).toBe(401);
    } finally {
      t.clock.reset();
    }
  });

  it('writes last_seen_at at most once a minute', async () => {
    const [before] = await t.deps.db.select().from(sessions).where(eq(sessions.xUserId, xUserId));
    await request(t.app, jar, '/api/auth/me');
    const first = await request(t.app, jar, '/api/auth/me');
    expect(first.headers.getSetCookie()).toEqual([]);
    const [after] = await t.deps.db.select().from(sessions).where(eq(sessions.xUserId, xUserId));
    expect(after!.lastSeenAt.getTime()).toBe(before!.lastSeenAt.getTime());
  });
});

describe('signed-in API', () => {
  it('answers 401 without a session', async () => {
    for (const path of [
      '/api/auth/me',
      '/api/auth/dag-address',
      '/api/auth/subscription',
      '/api/twitter/authorization-status',
    ]) {
      const res = await t.app.request(path);
      expect(res.status, path).toBe(401);
      expect((await res.json()).error.code).toBe('unauthorized');
    }
  });

  it('refuses a cross-site POST even with a valid session cookie', async () => {
    const res = await request(t.app, jar, '/api/auth/logout', {
      method: 'POST',
      headers: { origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
    expect((await request(t.app, jar, '/api/auth/me')).status).toBe(200);
  });

  it('links a valid DAG address and refuses a bad one', async () => {
    const post = (walletAddress: unknown) =>
      request(t.app, jar, '/api/auth/link-wallet', {
        method: 'POST',
        headers: { origin: ORIGIN, 'content-type': 'application/json' },
        body: JSON.stringify({ walletAddress }),
      });
    const valid = 'DAG42KmGjqw6f7zQdeHFwyJXrptsHkExks52aStY';
    const wrongParity = 'DAG52KmGjqw6f7zQdeHFwyJXrptsHkExks52aStY';
    for (const bad of [
      wrongParity,
      'DAGshort',
      '0x8b3c2e4d0a6f1e9b7c5d3a1f2e4b6c8d0a2f4e61',
      42,
      null,
    ]) {
      const res = await post(bad);
      expect(res.status, String(bad)).toBe(400);
      expect(await res.json()).toEqual({
        error: { code: 'invalid_wallet_address', message: 'Invalid DAG wallet address' },
      });
    }
    const ok = await post(valid);
    expect(ok.status).toBe(200);
    const [row] = await t.deps.db.select().from(users).where(eq(users.xUserId, xUserId));
    expect(row!.linkedWalletAddress).toBe(valid);
  });

  it('reports wallet balances for the custodial address', async () => {
    const res = await request(t.app, jar, '/api/auth/wallet-balances');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.addresses.constellation).toMatch(/^DAG/);
    // A new custodial wallet on the local network: exact decimal strings, zero.
    expect(body.balances.constellation).toEqual({ dag: '0', up: '0', dor: '0' });

    const admin = '/sandbox/constellation/_admin';
    const faucet = await t.app.request(`${admin}/faucet`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        address: body.addresses.constellation,
        token: 'UP',
        tokens: '1234.56789012',
      }),
    });
    expect(faucet.status).toBeLessThan(300);
    await t.app.request(`${admin}/snapshot`, { method: 'POST' });
    const funded = await (await request(t.app, jar, '/api/auth/wallet-balances')).json();
    expect(funded.balances.constellation).toEqual({ dag: '0', up: '1234.56789012', dor: '0' });
  });
});

describe('subscription', () => {
  const get = async () => (await request(t.app, jar, '/api/auth/subscription')).json();

  it('says hasSubscription false without one', async () => {
    expect(await get()).toEqual({ hasSubscription: false, isActive: false });
  });

  it('computes health from the end date at the boundaries', async () => {
    // A fixed instant close to real time, so the session (last used just now) stays valid.
    const now = new Date(Math.floor(Date.now() / 1000) * 1000 + 1000);
    t.clock.set(now);
    try {
      const at = (days: number, ms = 0) => new Date(now.getTime() + days * DAY + ms);
      const cases: [Date, string, number][] = [
        [at(30), 'active', 30],
        [at(7, 1), 'active', 8],
        [at(7), 'expiring_soon', 7],
        [at(0, 1000), 'expiring_soon', 1],
        [at(0), 'expired', 0],
      ];
      for (const [endDate, health, days] of cases) {
        await t.deps.db.delete(subscriptions).where(eq(subscriptions.xUserId, xUserId));
        await t.deps.db.insert(subscriptions).values({
          xUserId,
          tier: 'premium',
          status: 'active',
          startDate: at(-60),
          endDate,
          monthsPurchased: 3,
        });
        const sub = await get();
        expect(sub, endDate.toISOString()).toEqual({
          hasSubscription: true,
          isActive: health !== 'expired',
          tier: 'premium',
          status: 'active',
          subscriptionHealth: health,
          daysRemaining: days,
          startDate: at(-60).toISOString(),
          endDate: endDate.toISOString(),
          monthsPurchased: 3,
        });
      }
    } finally {
      t.clock.reset();
    }
  });
});
