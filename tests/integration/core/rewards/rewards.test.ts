import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeRewardMonth,
  listLatestRewards,
  payRewardMonth,
  previousMonthKey,
  rewardKey,
  runRewardsRound,
} from '@/core/rewards/index.ts';
import { transfer } from '@/core/transfers/index.ts';
import { getWalletBySystemRole, provisionSystemWallets } from '@/core/wallets/index.ts';
import { rewardPayouts, transfers } from '@/db/schema/index.ts';
import { type AgentEnv, startAgentEnv } from '../../../support/agent-env.ts';
import {
  createSubscription,
  createUser,
  daysBefore,
  recordActivities,
} from '../../../support/factories.ts';

/** Monthly rewards: winners decided once, paid through the transfer service exactly once. */
let t: AgentEnv;
const UNIT = 100_000_000n;
const settings = { pool: 600n * UNIT, winners: 3 };
const now = new Date();
const month = previousMonthKey(now);
const inMonth = (day: number) => new Date(`${month}-${String(day).padStart(2, '0')}T12:00:00Z`);

beforeAll(async () => {
  t = await startAgentEnv();
  await provisionSystemWallets(t.deps);
  const pool = (await getWalletBySystemRole(t.deps, { role: 'rewards' }))!;
  await t.fund(pool.dagAddress, 'UP', '10000');
  // alice 4 activities, bob 3, carol 5 (no plan), dave 1, erin 2 (pro: not eligible).
  const people = { alice: 4, bob: 3, carol: 5, dave: 1, erin: 2 };
  for (const [i, [name, count]] of Object.entries(people).entries()) {
    const id = `90${i}`;
    await createUser(t.deps, { xUserId: id, username: name });
    const days = Array.from({ length: count }, (_, k) => inMonth(3 + k));
    await recordActivities(t.deps, { userId: id, at: days });
    if (name !== 'carol') {
      await createSubscription(t.deps, {
        xUserId: id,
        tier: name === 'erin' ? 'pro' : 'premium',
        start: daysBefore(now, 40),
        end: daysBefore(now, -20),
        monthsPurchased: 2,
      });
    }
  }
});
afterAll(() => t?.close());

describe('monthly rewards', () => {
  it('ranks active premium users of the closed month and splits the pool 3:2:1', async () => {
    expect(await closeRewardMonth(t.deps, { month, settings })).toEqual({ created: true });
    const payouts = await t.deps.db.select().from(rewardPayouts).orderBy(rewardPayouts.rank);
    expect(payouts.map((p) => [p.xUserId, p.activityCount, p.amount])).toEqual([
      ['900', 4, 300n * UNIT],
      ['901', 3, 200n * UNIT],
      ['903', 1, 100n * UNIT],
    ]);
  });

  it('a crash after a transfer and before the payout row: the re-run finds the same transfer', async () => {
    const pool = (await getWalletBySystemRole(t.deps, { role: 'rewards' }))!;
    // The first payout's transfer went out, then the process died.
    await transfer(t.deps, {
      from: { walletId: pool.id },
      to: { xUserId: '900' },
      token: 'UP',
      amount: 300n * UNIT,
      idempotencyKey: rewardKey(month, '900'),
      feeTier: 'premium',
    });
    await payRewardMonth(t.deps, { month });
    await runRewardsRound(t.deps, settings); // the job's own round: closes nothing new, pays nothing more
    await closeRewardMonth(t.deps, { month, settings: { pool: 999n * UNIT, winners: 5 } });

    const sent = await t.deps.db
      .select()
      .from(transfers)
      .where(like(transfers.idempotencyKey, `reward:${month}:%`));
    expect(sent.map((s) => [s.idempotencyKey, s.amount]).sort()).toEqual([
      [rewardKey(month, '900'), 300n * UNIT],
      [rewardKey(month, '901'), 200n * UNIT],
      [rewardKey(month, '903'), 100n * UNIT],
    ]);
    const states = await t.deps.db.select({ state: rewardPayouts.state }).from(rewardPayouts);
    expect(states.every((s) => s.state === 'paid')).toBe(true);
    await t.settle();
    const alice = await t.deps.db.query.wallets.findFirst({
      where: (w, { eq: e }) => e(w.xUserId, '900'),
    });
    expect((await t.deps.constellation.getBalance('UP', alice!.dagAddress)).balance).toBe(
      300n * UNIT,
    );
  });

  it("the leaderboard shows last month's rewards; the winner sees theirs", async () => {
    const latest = await listLatestRewards(t.deps);
    expect(latest.month).toBe(month);
    expect(latest.payouts.map((p) => [p.rank, p.username, p.amount, p.state])).toEqual([
      [1, 'alice', (300n * UNIT).toString(), 'paid'],
      [2, 'bob', (200n * UNIT).toString(), 'paid'],
      [3, 'dave', (100n * UNIT).toString(), 'paid'],
    ]);
    const res = await t.call('GET', '/api/rewards/latest');
    expect(res.status).toBe(200);
    expect(res.body.payouts).toHaveLength(3);
    const [row] = await t.deps.db
      .select()
      .from(rewardPayouts)
      .where(eq(rewardPayouts.xUserId, '903'));
    expect(row?.rank).toBe(3);
  });

  it('a month that has not ended is refused, unless closed early on purpose', async () => {
    const running = `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
    await expect(closeRewardMonth(t.deps, { month: running, settings })).rejects.toThrow(
      RangeError,
    );
    const res = await t.call('POST', '/sandbox/rewards/_admin/close-month', {});
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ month: running, created: true });
  });

  it('the sandbox close-month refuses a month that is not a calendar month with a 400', async () => {
    for (const month of ['2026-13', '2026-00']) {
      const res = await t.call('POST', '/sandbox/rewards/_admin/close-month', { month });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('invalid_request');
    }
  });
});
