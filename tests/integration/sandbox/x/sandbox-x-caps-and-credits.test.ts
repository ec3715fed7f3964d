import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueSandboxUserToken } from '@/sandbox/x/accounts.ts';
import { createXTestSandbox, manualClock } from '../../../support/sandbox-x.ts';

const clock = manualClock();
let t: Awaited<ReturnType<typeof createXTestSandbox>>;
const MINUTE = 60_000;

const admin = (path: string, body?: unknown) =>
  t.app.request(
    `/sandbox/x/_admin${path}`,
    body === undefined ? {} : { method: 'POST', body: JSON.stringify(body) },
  );
const api = (path: string, token: string, init: RequestInit = {}) =>
  t.app.request(`/sandbox/x${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, ...init.headers },
  });
const post = (token: string, text: string, inReplyTo?: string) =>
  api('/2/tweets', token, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      text,
      ...(inReplyTo ? { reply: { in_reply_to_tweet_id: inReplyTo } } : {}),
    }),
  });
const credits = async () => (await admin('/credits')).json();
const userToken = async (username: string) =>
  (await issueSandboxUserToken(t.ctx, { username })).access_token;

beforeAll(async () => {
  t = await createXTestSandbox({ now: clock.now });
});
afterAll(() => t.close());

describe('posting windows', () => {
  it('refuses the 301st post in 3 hours with 429 and the 3-hour window in its headers', async () => {
    let token = await userToken('poster');
    const started = clock.now().getTime();
    for (let i = 0; i < 300; i++) {
      // 100 per 15 minutes: move to the next 15-minute window every 100 posts.
      if (i > 0 && i % 100 === 0) clock.advance(15 * MINUTE);
      if (i % 100 === 0) token = await userToken('poster'); // tokens live 2 hours
      const res = await post(token, `post number ${i}`);
      expect(res.status, `post ${i}`).toBe(201);
    }
    clock.advance(15 * MINUTE); // a fresh 15-minute window: only the 3-hour cap can refuse now
    token = await userToken('poster');
    const refused = await post(token, 'post number 300');
    expect(refused.status).toBe(429);
    expect((await refused.json()).title).toBe('Too Many Requests');
    expect(refused.headers.get('x-rate-limit-limit')).toBe('300');
    expect(refused.headers.get('x-rate-limit-remaining')).toBe('0');
    const reset = Number(refused.headers.get('x-rate-limit-reset')) * 1000;
    expect(reset).toBe(started + 3 * 60 * MINUTE);
    // Another account posts; this one again once the 3 hours are over.
    expect((await post(await userToken('other_poster'), 'mine')).status).toBe(201);
    clock.advance(reset - clock.now().getTime());
    token = await userToken('poster');
    expect((await post(token, 'after the 3 hours')).status).toBe(201);
  }, 120_000);
});

describe('credits', () => {
  it('is unlimited by default and bills every call by the price table', async () => {
    const before = await credits();
    expect(before.unlimited).toBe(true);
    const token = await userToken('biller');
    const root = await (await post(token, 'a plain post')).json();
    await post(token, 'with a link https://example.com/x');
    const after = await credits();
    expect(after.today.operations.postCreate.units).toBeGreaterThanOrEqual(1);
    expect(after.today.operations.postCreateWithUrl).toEqual({ units: 1, microUsd: '200000' });
    expect(root.data.id).toMatch(/^\d+$/);
  });

  it('answers 402 CreditsDepleted once the balance is spent, and passes again after credits', async () => {
    const token = await userToken('spender');
    let res = await admin('/credits', { balanceUsd: '0.02' });
    expect((await res.json()).balance).toBe('$0.02');
    expect((await post(token, 'first paid post')).status).toBe(201); // $0.015
    expect((await post(token, 'second paid post')).status).toBe(201); // balance goes negative
    expect((await credits()).balanceMicroUsd).toBe('-10000');
    res = await api('/2/users/me', token);
    expect(res.status).toBe(402);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(await res.json()).toMatchObject({
      title: 'CreditsDepleted',
      type: 'https://api.twitter.com/2/problems/credits',
    });
    res = await admin('/credits', { addUsd: '1' });
    expect((await res.json()).balance).toBe('$0.99');
    expect((await api('/2/users/me', token)).status).toBe(200);
    await admin('/credits', { unlimited: true });
  });

  it('bills a post read once per UTC day however often it is read (owned reads for the agent)', async () => {
    const agentHandle = t.ctx.config.publicConfig.agentHandle;
    const agentToken = await userToken(agentHandle);
    const agentId = (await (await api('/2/users/me', agentToken)).json()).data.id;
    const fan = await userToken('fan');
    for (let i = 0; i < 3; i++) await post(fan, `@${agentHandle} hello ${i}`);
    const owned = () => credits().then((c) => c.today.operations.ownedRead?.units ?? 0);
    const start = await owned();
    for (let i = 0; i < 4; i++) {
      const res = await api(`/2/users/${agentId}/mentions`, agentToken);
      expect((await res.json()).data).toHaveLength(3);
    }
    expect((await owned()) - start).toBe(3);
    // Another day bills them again.
    clock.advance(24 * 60 * MINUTE);
    await api(`/2/users/${agentId}/mentions`, await userToken(agentHandle));
    expect((await credits()).today.operations.ownedRead.units).toBe(3);
  });
});
