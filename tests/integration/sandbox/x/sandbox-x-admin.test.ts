import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ensureSandboxAccount,
  issueSandboxUserToken,
  sandboxXClientCredentials,
} from '@/sandbox/x/accounts.ts';
import { heldFor, manualTimers } from '../../../support/manual-timers.ts';
import { createXTestSandbox } from '../../../support/sandbox-x.ts';

let t: Awaited<ReturnType<typeof createXTestSandbox>>;
let token: string;
/** The twin's timers: a delay fault waits on them, stepped by the test (decision 0072). */
const timers = manualTimers();

const request = (path: string, init: RequestInit = {}) => t.app.request(`/sandbox/x${path}`, init);
const json = (method: string, body: unknown): RequestInit => ({
  method,
  body: JSON.stringify(body),
});
const me = () => request('/2/users/me', { headers: { authorization: `Bearer ${token}` } });

beforeAll(async () => {
  t = await createXTestSandbox({ setTimer: timers.setTimer });
  token = (await (await request('/_admin/users', json('POST', { username: 'erin' }))).json())
    .accessToken;
});
afterAll(() => t.close());

describe('fault injection', () => {
  it('answers the next `count` matching requests with the status, then recovers', async () => {
    const created = await request(
      '/_admin/faults',
      json('POST', { path: '/2/users/me', status: 503, count: 2 }),
    );
    expect(created.status).toBe(201);
    for (let i = 0; i < 2; i++) {
      const res = await me();
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({
        title: 'Service Unavailable',
        detail: 'Service Unavailable',
        type: 'about:blank',
        status: 503,
      });
    }
    expect((await me()).status).toBe(200);
  });

  it('sends rate-limit headers with an injected 429 and matches wildcards and the mounted path', async () => {
    await request(
      '/_admin/faults',
      json('POST', { path: '/sandbox/x/2/users/*', status: 429, count: 1 }),
    );
    const res = await me();
    expect(res.status).toBe(429);
    expect(res.headers.get('x-rate-limit-remaining')).toBe('0');
    expect(Number(res.headers.get('x-rate-limit-reset'))).toBeGreaterThan(Date.now() / 1000);
    expect((await res.json()).title).toBe('Too Many Requests');
  });

  it('a 429 storm with a duration names its end as the reset, not X’s 15-minute window', async () => {
    // With the window's end the agent waited 15 minutes after a 10 s storm (the faults bench).
    await request(
      '/_admin/faults',
      json('POST', { path: '/2/*', status: 429, durationMs: 10_000 }),
    );
    const res = await me();
    expect(res.status).toBe(429);
    const reset = Number(res.headers.get('x-rate-limit-reset'));
    expect(reset).toBeGreaterThan(Date.now() / 1000);
    expect(reset).toBeLessThanOrEqual(Math.ceil((Date.now() + 10_000) / 1000));
    await request('/_admin/faults', { method: 'DELETE' });
  });

  it('holds a request with delayMs, then answers it as usual; a fault needs one of the two', async () => {
    const created = await request(
      '/_admin/faults',
      json('POST', { path: '/2/users/me', delayMs: 300, count: 1 }),
    );
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ status: null, delayMs: 300, count: 1 });
    const held = Promise.resolve(me());
    const answer = await heldFor(timers, held, 300, 'the fault holds the request on its timer');
    expect(answer.status).toBe(200);
    expect((await request('/_admin/faults', json('POST', { path: '/2/users/me' }))).status).toBe(
      400,
    );
  });

  it('leaves other paths alone, and DELETE clears every fault', async () => {
    await request('/_admin/faults', json('POST', { path: '/2/tweets', status: 500, count: 5 }));
    expect((await me()).status).toBe(200);
    expect((await request('/_admin/faults', { method: 'DELETE' })).status).toBe(204);
    const res = await request('/2/tweets', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: JSON.stringify({ text: 'after faults' }),
    });
    expect(res.status).toBe(201);
  });

  it('validates the fault body', async () => {
    const res = await request('/_admin/faults', json('POST', { path: '/2/users/me', status: 200 }));
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toContain('status');
  });
});

describe('admin posts', () => {
  it('creates posts as any handle and lists them newest first', async () => {
    const root = await (
      await request('/_admin/posts', json('POST', { username: 'frank', text: 'hello @erin' }))
    ).json();
    const reply = await (
      await request(
        '/_admin/posts',
        json('POST', { username: 'erin', text: 'hi frank', inReplyToId: root.id }),
      )
    ).json();
    const list = await (await request('/_admin/posts')).json();
    expect(list[0]).toEqual({
      id: reply.id,
      author: { id: expect.any(String), username: 'erin' },
      text: 'hi frank',
      createdAt: expect.any(String),
      inReplyToId: root.id,
      quotedId: null,
      mediaIds: [],
    });
    expect(list[1]).toMatchObject({ id: root.id, author: { username: 'frank' } });
  });

  it('refuses text with a NUL byte with a 400 in the error shape (the database would 500)', async () => {
    const res = await request(
      '/_admin/posts',
      json('POST', { username: 'frank', text: 'a\u0000b' }),
    );
    expect(res.status).toBe(400);
    expect((await res.json()).error).toEqual({
      code: 'invalid_request',
      message: expect.stringContaining('NUL'),
    });
    const fault = await request('/_admin/faults', json('POST', { path: '/2/\u0000', status: 500 }));
    expect(fault.status).toBe(400);
  });

  it('POST /2/tweets refuses a NUL byte as X refuses invalid text: 400 with the problem shape', async () => {
    const res = await request('/2/tweets', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: JSON.stringify({ text: 'nul \u0000 here' }),
    });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.title).toBe('Invalid Request');
    expect(JSON.stringify(body.errors)).toContain('$.text');
  });

  it('refuses cross-site admin writes', async () => {
    const res = await request('/_admin/users', {
      method: 'POST',
      headers: { origin: 'https://evil.example' },
      body: '{"username":"x"}',
    });
    expect(res.status).toBe(403);
  });
});

describe('helpers for the composition root and the agent', () => {
  it('returns stable client credentials and connects an account without a browser', async () => {
    const creds = await sandboxXClientCredentials(t.ctx);
    expect(creds).toEqual({ clientId: expect.any(String), clientSecret: expect.any(String) });
    expect(await sandboxXClientCredentials(t.ctx)).toEqual(creds);
    const account = await ensureSandboxAccount(t.ctx, 'UpsiderAgent');
    expect(account.id).toBe((t.service.describe() as { agentUserId: string }).agentUserId);
    const tokens = await issueSandboxUserToken(t.ctx, { username: 'UpsiderAgent' });
    expect(tokens.refresh_token).toEqual(expect.any(String));
    const res = await request('/2/users/me', {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect((await res.json()).data.username).toBe('UpsiderAgent');
  });
});

describe('persistence', () => {
  it('keeps the client, accounts, posts and tokens when the app is created again on the same database', async () => {
    const before = t.service.describe() as Record<string, unknown>;
    const again = await t.reopen();
    const after = again.service.describe() as Record<string, unknown>;
    expect(after.clientId).toBe(before.clientId);
    expect(after.clientSecret).toBe(before.clientSecret);
    expect(after.agentUserId).toBe(before.agentUserId);
    const res = await again.app.request('/sandbox/x/2/users/me', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect((await res.json()).data.username).toBe('erin');
    const posts = await (await again.app.request('/sandbox/x/_admin/posts')).json();
    expect(posts.map((p: { text: string }) => p.text)).toContain('hello @erin');
  });
});
