import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions, users } from '@/db/schema/index.ts';
import {
  createSubscription,
  createUser,
  createUserWithWallet,
} from '../../../support/factories.ts';
import { createTestApp } from '../../../support/test-app.ts';
import { walletTestEnv } from '../../../support/wallet-env.ts';

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
  for (const [i, username] of ['alice', 'bob', 'carol', 'dave'].entries()) {
    const { wallet } = await createUserWithWallet(t.deps, { xUserId: `50${i}`, username });
    if (username === 'carol') carolAddress = wallet.dagAddress;
  }
  for (let i = 0; i < 60; i++) {
    await createUser(t.deps, { xUserId: `6${i}`, username: `filler${i}`, displayName: 'f' });
  }
  const days = (n: number) => new Date(now + n * DAY);
  await createSubscription(t.deps, { xUserId: '500', start: days(-5), end: days(25) });
  await createSubscription(t.deps, { xUserId: '501', tier: 'pro', start: days(-25), end: days(3) });
  await createSubscription(t.deps, { xUserId: '502', start: days(-40), end: days(-10) });
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

describe('the list’s kept copy of each user’s latest period (migration 0016 triggers)', () => {
  it('follows every change to subscriptions and users, in whatever order they are written', async () => {
    const now = t.clock.now().getTime();
    // A period recorded before its user is known, then the user.
    const at = (days: number) => new Date(now + days * DAY);
    await createSubscription(t.deps, {
      xUserId: '700',
      tier: 'pro',
      start: at(0),
      end: at(400),
      monthsPurchased: 12,
    });
    await createUser(t.deps, { xUserId: '700', username: 'late', displayName: 'l' });
    // dave buys a longer plan than anyone.
    const daves = await createSubscription(t.deps, {
      xUserId: '503',
      start: at(0),
      end: at(800),
      monthsPurchased: 24,
    });
    let body = (await get('')).body;
    expect(body.total).toBe(65);
    expect(body.users.slice(0, 2).map((u) => [u.username, u.subscription_tier])).toEqual([
      ['dave', 'premium'],
      ['late', 'pro'],
    ]);
    // dave's period is taken back; the user 'late' leaves.
    await t.deps.db.delete(subscriptions).where(eq(subscriptions.id, daves.id));
    await t.deps.db.delete(users).where(eq(users.xUserId, '700'));
    body = (await get('')).body;
    expect(body.total).toBe(64);
    expect(body.users.find((u) => u.username === 'dave')).toMatchObject({
      subscription_tier: 'free',
      subscription_health: 'no_subscription',
    });
    expect(body.users[0]?.username).not.toBe('late');
  });
});
