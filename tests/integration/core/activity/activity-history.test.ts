import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '@/core/auth/sessions.ts';
import { confirmTransfers, transfer } from '@/core/transfers/index.ts';
import { provisionSystemWallets } from '@/core/wallets/index.ts';
import { activityPageSchema } from '@/shared/activity/contract.ts';
import { startConstellationSim } from '../../../support/constellation-sim.ts';
import { createUserWithWallet } from '../../../support/factories.ts';
import { startMarketTwin } from '../../../support/market-twin.ts';
import { ORIGIN } from '../../../support/sign-in.ts';
import { createTestApp } from '../../../support/test-app.ts';
import { walletTestEnv } from '../../../support/wallet-env.ts';

const UP = 100_000_000n;
let t: Awaited<ReturnType<typeof createTestApp>>;
let net: Awaited<ReturnType<typeof startConstellationSim>>;
let cookie: string;
let alice: { dagAddress: string };
let bob: { dagAddress: string };

const get = (path: string) => t.app.request(path, { headers: { cookie } });
const page = async (query = '') => {
  const res = await get(`/api/activity${query}`);
  expect(res.status).toBe(200);
  return activityPageSchema.parse(await res.json());
};

beforeAll(async () => {
  t = await createTestApp(walletTestEnv());
  net = await startConstellationSim(t.database);
  t.deps.constellation = net.client;
  const market = startMarketTwin(t.deps);
  t.deps.market = market.client;
  await market.setPrice({ usd: 0.05, driftPercent: 0 });
  await provisionSystemWallets(t.deps);
  const fund = { UP: 100n * UP };
  alice = (
    await createUserWithWallet(t.deps, { xUserId: '5001', username: 'alice', fund }, net.sim)
  ).wallet;
  bob = (await createUserWithWallet(t.deps, { xUserId: '5002', username: 'bob', fund }, net.sim))
    .wallet;
  // A send and a receive, as the agent makes them: keyed by the command post's id.
  const send = { token: 'UP' as const, feeTier: 'free' as const };
  await transfer(t.deps, {
    ...send,
    from: { xUserId: '5001' },
    to: { address: bob.dagAddress },
    amount: 10n * UP,
    idempotencyKey: '1900000000000000001',
  });
  await transfer(t.deps, {
    ...send,
    from: { xUserId: '5002' },
    to: { address: alice.dagAddress },
    amount: 2n * UP,
    idempotencyKey: '1900000000000000002',
  });
  await net.sim.tick();
  await confirmTransfers(t.deps);
  cookie = `upsider_session=${await createSession(t.deps, { xUserId: '5001' })}`;
});
afterAll(async () => {
  await net.close();
  await t.close();
});

describe('GET /api/activity', () => {
  it('lists the receive and the send, newest first, with amounts, fees and the other side', async () => {
    const { items, nextCursor } = await page();
    expect(nextCursor).toBeNull();
    expect(items.map((i) => [i.kind, i.status, i.amount, i.fee])).toEqual([
      ['receive', 'confirmed', '2', null],
      ['send', 'confirmed', '-10', '-0.05'],
    ]);
    expect(items[0]!.counterparty).toEqual({
      handle: 'bob',
      productWallet: null,
      address: bob.dagAddress,
    });
    expect(items[1]!.counterparty).toEqual({
      handle: 'bob',
      productWallet: null,
      address: bob.dagAddress,
    });
    expect(items[1]!.receiptPostId).toBe('1900000000000000001');
    expect(items[0]!.at).toMatch(/Z$/);
    // 2 in − (10 + 0.05) out, at 0.05 USD.
    expect(await (await get('/api/activity/total')).json()).toEqual({ net: '-8.05', usd: -0.4 });
  });

  it('filters by kind', async () => {
    const sends = await page('?kind=send');
    expect(sends.items.map((i) => i.amount)).toEqual(['-10']);
    const sendsTotal = await (await get('/api/activity/total?kind=send')).json();
    expect(sendsTotal.net).toBe('-10.05');
    expect((await page('?kind=reward')).items).toEqual([]);
    expect((await get('/api/activity?kind=bogus')).status).toBe(400);
  });

  it('pages with a keyset cursor, each row once', async () => {
    const first = await page('?limit=1');
    expect(first.items.map((i) => i.kind)).toEqual(['receive']);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await page(`?limit=1&cursor=${first.nextCursor}`);
    expect(second.items.map((i) => i.kind)).toEqual(['send']);
    expect(second.nextCursor).toBeNull();
    const bad = await get('/api/activity?cursor=not-a-cursor');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { code: 'invalid_cursor' } });
  });

  it('is only for the signed-in user', async () => {
    const res = await t.app.request('/api/activity');
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: { code: 'unauthorized' } });
  });
});

describe('GET /api/activity/export.csv', () => {
  it('downloads every row as exact decimals', async () => {
    const res = await get('/api/activity/export.csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="upsider-activity-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = (await res.text()).trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^"time_utc","kind","status","token","amount","fee","network_fee"/);
    expect(lines).toHaveLength(3);
    expect(lines[2]).toContain('"send","confirmed","UP","-10","-0.05"');
    expect(lines[2]).toContain(`"bob","","${bob.dagAddress}"`);
    expect(lines[2]).toContain('/receipts/1900000000000000001"');
  });
});

describe('POST /api/activity/visit', () => {
  it('says first visit once, then welcome back', async () => {
    const visit = () =>
      t.app.request('/api/activity/visit', { method: 'POST', headers: { cookie, origin: ORIGIN } });
    expect(await (await visit()).json()).toEqual({ firstVisit: true });
    expect(await (await visit()).json()).toEqual({ firstVisit: false });
  });
});
