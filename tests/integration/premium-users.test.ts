import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureWalletForUser } from '../../src/core/wallets/index.ts';
import { subscriptions, users } from '../../src/db/schema/index.ts';
import { createTestApp } from '../support/test-app.ts';
import { walletTestEnv } from '../support/wallet-env.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let carolAddress: string;
const DAY = 86_400_000;
interface Entry {
  username: string;
  wallet_address: string | null;
  subscription_tier: string;
  subscription_health: string;
  days_remaining: number;
}
interface Body {
  users: Entry[];
  count: number;
  total: number;
  error: { code: string };
}

beforeAll(async () => {
  t = await createTestApp(walletTestEnv());
  t.clock.set(new Date('2026-05-10T00:00:00Z'));
  const now = t.clock.now().getTime();
  const people = ['alice', 'bob', 'carol', 'dave'];
  for (const [i, name] of people.entries()) {
    await t.deps.db.insert(users).values({ xUserId: `50${i}`, username: name, displayName: name });
    const w = await ensureWalletForUser(t.deps, { xUserId: `50${i}` });
    if (name === 'carol') carolAddress = w.dagAddress;
  }
  for (let i = 0; i < 60; i++) {
    await t.deps.db
      .insert(users)
      .values({ xUserId: `6${i}`, username: `filler${i}`, displayName: 'f' });
  }
  await t.deps.db.insert(subscriptions).values([
    {
      xUserId: '500',
      tier: 'premium',
      startDate: new Date(now - 5 * DAY),
      endDate: new Date(now + 25 * DAY),
      monthsPurchased: 1,
    },
    {
      xUserId: '501',
      tier: 'pro',
      startDate: new Date(now - 25 * DAY),
      endDate: new Date(now + 3 * DAY),
      monthsPurchased: 1,
    },
    {
      xUserId: '502',
      tier: 'premium',
      startDate: new Date(now - 40 * DAY),
      endDate: new Date(now - 10 * DAY),
      monthsPurchased: 1,
    },
  ]);
});
afterAll(() => t.close());

const get = async (q: string) => {
  const res = await t.app.request(`/api/premium-users${q}`);
  return { status: res.status, body: (await res.json()) as Body };
};

describe('GET /api/premium-users', () => {
  it('lists subscribers first with tier, health and days left; pages of 50 with the total', async () => {
    const { status, body } = await get('');
    expect(status).toBe(200);
    expect(body.total).toBe(64);
    expect(body.count).toBe(50);
    expect(
      body.users
        .slice(0, 3)
        .map((u: Entry) => [
          u.username,
          u.subscription_tier,
          u.subscription_health,
          u.days_remaining,
        ]),
    ).toEqual([
      ['alice', 'premium', 'active', 25],
      ['bob', 'pro', 'expiring_soon', 3],
      ['carol', 'premium', 'expired', 0],
    ]);
    expect(body.users[3]).toMatchObject({
      subscription_tier: 'free',
      subscription_health: 'no_subscription',
      subscription_start: null,
    });
    const page2 = await get('?offset=50');
    expect(page2.body.count).toBe(14);
  });

  it('searches by username and by wallet (trimmed); empty is omitted', async () => {
    expect((await get('?search=%20ali%20')).body.users.map((u: Entry) => u.username)).toEqual([
      'alice',
    ]);
    const byWallet = await get(`?wallet=${carolAddress.slice(-10)}`);
    expect(byWallet.body.users.map((u: Entry) => u.username)).toEqual(['carol']);
    expect(byWallet.body.users[0]?.wallet_address).toBe(carolAddress);
    expect((await get('?search=')).body.total).toBe(64);
  });

  it('rejects bad limit and offset with a 400 JSON error', async () => {
    for (const q of ['?limit=0', '?limit=51', '?limit=abc', '?offset=-1', '?offset=1.5']) {
      const { status, body } = await get(q);
      expect(status).toBe(400);
      expect(body.error.code).toBe('invalid_request');
    }
  });
});

describe('GET /api/premium-users/stats', () => {
  it('counts subscriptions running now (expired and future ones excluded) and every user', async () => {
    const res = await t.app.request('/api/premium-users/stats');
    expect(res.status).toBe(200);
    // alice (premium, active) and bob (pro, expiring soon); carol's ended 10 days ago.
    expect(await res.json()).toEqual({ activeSubscriptions: 2, totalUsers: 64 });
    t.clock.set(new Date(t.clock.now().getTime() + 4 * DAY));
    expect(await (await t.app.request('/api/premium-users/stats')).json()).toEqual({
      activeSubscriptions: 1,
      totalUsers: 64,
    });
  });
});
