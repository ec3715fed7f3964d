import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ListenedResponse, listenLikeNpmStart } from '../../../support/listening.ts';
import { CookieJar, ORIGIN, signIn } from '../../../support/sign-in.ts';
import { createTestApp } from '../../../support/test-app.ts';

/**
 * Sign-in starts, console commands, the outside-project API with bad keys and
 * page views each took 300 requests in seconds. Now each has a limit, answered with 429 and
 * Retry-After, and nothing is done past it. Small limits here; the defaults are in config.
 * Every request goes over real HTTP through the server `npm start` listens with: the address
 * limits once never fired there (the listener did not hand the connection to the app), while
 * tests that called the app object with a made-up connection passed.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
let server: Awaited<ReturnType<typeof listenLikeNpmStart>>;
const LIMIT = 3;

beforeAll(async () => {
  t = await createTestApp(
    {
      RATE_LIMIT_SIGN_IN_PER_MINUTE: String(LIMIT),
      RATE_LIMIT_PAGE_VIEWS_PER_MINUTE: String(LIMIT),
      RATE_LIMIT_CONSOLE_PER_MINUTE: String(LIMIT),
      RATE_LIMIT_BAD_KEYS_PER_MINUTE: String(LIMIT),
    },
    { sandbox: true },
  );
  server = await listenLikeNpmStart(t.app);
});
afterAll(async () => {
  await server.close();
  await t.close();
});

/**
 * A request over real HTTP from the loopback address `ip`, through the listener `npm start` uses:
 * the address limits were once skipped there because the listener dropped the connection.
 */
const from = (
  ip: string,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
) => server.send(path, { from: ip, ...init });

function expectLimited(res: ListenedResponse) {
  expect(res.status).toBe(429);
  expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  expect(JSON.parse(res.body).error.code).toBe('rate_limited');
}

describe('rate limits', () => {
  it('sign-in starts: per address', async () => {
    for (let i = 0; i < LIMIT; i++) {
      expect((await from('127.0.0.11', '/api/auth/twitter/login')).status).toBe(302);
    }
    expectLimited(await from('127.0.0.11', '/api/auth/twitter/login'));
    expect((await from('127.0.0.12', '/api/auth/twitter/login')).status).toBe(302);
  });

  it('page views: per address, and nothing is recorded past the limit', async () => {
    const view = (ip: string) =>
      from(ip, '/api/analytics/pageview', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: ORIGIN },
        body: JSON.stringify({ path: '/flood' }),
      });
    for (let i = 0; i < LIMIT; i++) expect((await view('127.0.0.13')).status).toBeLessThan(300);
    expectLimited(await view('127.0.0.13'));
    expect((await view('127.0.0.14')).status).toBeLessThan(300);
  });

  it('outside-project API: refused keys per address, then even a good request waits', async () => {
    const post = (ip: string, key: string) =>
      from(ip, '/api/external/v1/posts', {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'alice', text: 'hi' }),
      });
    for (let i = 0; i < LIMIT; i++)
      expect((await post('127.0.0.15', `guess-${i}`)).status).toBe(401);
    expectLimited(await post('127.0.0.15', 'guess-next'));
    expect((await post('127.0.0.16', 'guess-other-address')).status).toBe(401);
  });

  it('console commands: per session', async () => {
    const jar = new CookieJar();
    await signIn(t.app, jar, 'console_cat');
    const run = () =>
      from('127.0.0.17', '/api/agent/console', {
        method: 'POST',
        headers: { cookie: jar.header(), origin: ORIGIN, 'content-type': 'application/json' },
        body: JSON.stringify({ text: 'balance' }),
      });
    for (let i = 0; i < LIMIT; i++) expect((await run()).status).not.toBe(429);
    expectLimited(await run());
    // Another user's session has its own budget.
    const other = new CookieJar();
    await signIn(t.app, other, 'console_dan');
    const theirs = await from('127.0.0.17', '/api/agent/console', {
      method: 'POST',
      headers: { cookie: other.header(), origin: ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'balance' }),
    });
    expect(theirs.status).not.toBe(429);
  });
});
