import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieJar, ORIGIN, signIn } from '../support/sign-in.ts';
import { createTestApp } from '../support/test-app.ts';

/**
 * Issue 9, item 8: sign-in starts, console commands, the outside-project API with bad keys and
 * page views each took 300 requests in seconds. Now each has a limit, answered with 429 and
 * Retry-After, and nothing is done past it. Small limits here; the defaults are in config.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
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
});
afterAll(() => t.close());

/** A request as if from `ip` (the node server passes the socket as the app's env). */
const from = (ip: string, path: string, init: RequestInit = {}) =>
  t.app.request(path, init, { incoming: { socket: { remoteAddress: ip } } });

async function expectLimited(res: Response) {
  expect(res.status).toBe(429);
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  expect((await res.json()).error.code).toBe('rate_limited');
}

describe('rate limits', () => {
  it('sign-in starts: per address', async () => {
    for (let i = 0; i < LIMIT; i++) {
      expect((await from('198.51.100.1', '/api/auth/twitter/login')).status).toBe(302);
    }
    await expectLimited(await from('198.51.100.1', '/api/auth/twitter/login'));
    expect((await from('198.51.100.2', '/api/auth/twitter/login')).status).toBe(302);
  });

  it('page views: per address, and nothing is recorded past the limit', async () => {
    const view = (ip: string) =>
      from(ip, '/api/analytics/pageview', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: ORIGIN },
        body: JSON.stringify({ path: '/flood' }),
      });
    for (let i = 0; i < LIMIT; i++) expect((await view('198.51.100.3')).status).toBeLessThan(300);
    await expectLimited(await view('198.51.100.3'));
  });

  it('outside-project API: refused keys per address, then even a good request waits', async () => {
    const post = (ip: string, key: string) =>
      from(ip, '/api/external/v1/posts', {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'alice', text: 'hi' }),
      });
    for (let i = 0; i < LIMIT; i++)
      expect((await post('198.51.100.4', `guess-${i}`)).status).toBe(401);
    await expectLimited(await post('198.51.100.4', 'guess-next'));
    expect((await post('198.51.100.5', 'guess-other-address')).status).toBe(401);
  });

  it('console commands: per session', async () => {
    const jar = new CookieJar();
    await signIn(t.app, jar, 'console_cat');
    const run = () =>
      t.app.request('/api/agent/console', {
        method: 'POST',
        headers: { cookie: jar.header(), origin: ORIGIN, 'content-type': 'application/json' },
        body: JSON.stringify({ text: 'balance' }),
      });
    for (let i = 0; i < LIMIT; i++) expect((await run()).status).not.toBe(429);
    await expectLimited(await run());
    // Another user's session has its own budget.
    const other = new CookieJar();
    await signIn(t.app, other, 'console_dan');
    const theirs = await t.app.request('/api/agent/console', {
      method: 'POST',
      headers: { cookie: other.header(), origin: ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'balance' }),
    });
    expect(theirs.status).not.toBe(429);
  });
});
