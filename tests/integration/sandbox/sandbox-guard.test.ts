import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_BODY_LIMIT } from '@/sandbox/guard.ts';
import { listenLikeNpmStart } from '../../support/listening.ts';
import { createTestApp } from '../../support/test-app.ts';

/**
 * What this guards: the sandbox's admin routes took cross-site text/plain POSTs (a page on any
 * site could drain the faucet or set prices), the local X answered oversized bodies with 500, and
 * admin routes read 50 MB bodies.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
const ADDRESS = 'DAG0y4eLqhhXUafeE3mgBstezPTnr8L3tZjAtMWB';
const EVIL = { origin: 'https://evil.example', 'content-type': 'text/plain' };

beforeAll(async () => {
  t = await createTestApp({}, { sandbox: true });
});
afterAll(() => t.close());

describe('sandbox admin routes', () => {
  it.each([
    ['/sandbox/constellation/_admin/faucet', { address: ADDRESS, token: 'UP', tokens: '100' }],
    ['/sandbox/constellation/_admin/snapshot', {}],
    ['/sandbox/x/_admin/posts', { username: 'mallory', text: 'hello' }],
    ['/sandbox/market/_admin/price', { usd: 1000 }],
    ['/sandbox/_admin/projects', { name: 'evil' }],
  ])('refuse a cross-site POST to %s', async (path, body) => {
    const res = await t.app.request(path, {
      method: 'POST',
      headers: EVIL,
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(403);
    expect((await res.json()).error.code).toBe('cross_site_request');
  });

  it('refuse DNS rebinding: Host and Origin both naming another site, over real HTTP', async () => {
    const server = await listenLikeNpmStart(t.app);
    try {
      const rebound = { host: 'rebind.evil.example', origin: 'http://rebind.evil.example' };
      const post = await server.send('/sandbox/x/_admin/posts', {
        method: 'POST',
        headers: { ...rebound, 'content-type': 'text/plain' },
        body: JSON.stringify({ username: 'victim', text: 'posted by a rebound page' }),
      });
      expect(post.status).toBe(403);
      expect(JSON.parse(post.body).error.code).toBe('cross_site_request');
      const faucet = await server.send('/sandbox/constellation/_admin/faucet', {
        method: 'POST',
        headers: { ...rebound, 'content-type': 'text/plain' },
        body: JSON.stringify({ address: ADDRESS, token: 'UP', tokens: '100' }),
      });
      expect(faucet.status).toBe(403);
      // The local X's own sign-in form, where a session would be started as a user.
      const signIn = await server.send('/sandbox/x/i/flow/login', {
        method: 'POST',
        headers: { ...rebound, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'username=victim',
      });
      expect(signIn.status).toBe(403);
      // The same page on a loopback name still works.
      const local = await server.send('/sandbox/x/_admin/posts', {
        method: 'POST',
        headers: { origin: server.origin, 'content-type': 'text/plain' },
        body: JSON.stringify({ username: 'victim', text: 'posted from the local page' }),
      });
      expect(local.status).toBe(201);
    } finally {
      await server.close();
    }
  });

  it('accept the same request from a tool (no Origin)', async () => {
    const res = await t.app.request('/sandbox/constellation/_admin/snapshot', { method: 'POST' });
    expect(res.status).toBeLessThan(300);
  });
});

describe('sandbox body limits', () => {
  const big = 'x'.repeat(SANDBOX_BODY_LIMIT + 1);

  it('the local X answers 413 in its problem shape, not 500', async () => {
    const res = await t.app.request('/sandbox/x/2/tweets', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer anything' },
      body: JSON.stringify({ text: big }),
    });
    expect(res.status).toBe(413);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect((await res.json()).status).toBe(413);
  });

  it('admin routes refuse an oversized body before reading it', async () => {
    const res = await t.app.request('/sandbox/constellation/_admin/faucet', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: big,
    });
    expect(res.status).toBe(413);
    expect((await res.json()).error.code).toBe('payload_too_large');
  });
});

describe('sandbox values the site links to', () => {
  it("the landing's market link in sandbox mode is the local market page, labelled as the sandbox", async () => {
    const res = await t.app.request('/sandbox/market');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('UP market data (sandbox)');
    expect(html).toMatch(/1 UP = \$0\.\d+/);
  });
});
