import { type ChildProcess, spawn } from 'node:child_process';
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeRewardMonth, previousMonthKey, rewardKey } from '@/core/rewards/index.ts';
import { provisionSystemWallets } from '@/core/wallets/index.ts';
import { rewardPayouts, transfers } from '@/db/schema/index.ts';
import { createSubscription, daysBefore, recordActivities } from '../../../support/factories.ts';
import { nodeArgs } from '../../../support/node-entry.ts';
import type { RewardChildInput } from '../../../support/reward-payout-child.ts';
import { testDbKind } from '../../../support/test-db.ts';
import { startTransferNet } from '../../../support/transfer-net.ts';

/**
 * Monthly rewards are paid exactly once per (month, user), even across crashes (decision 0013). The
 * payout runs in a child process that is SIGKILLed after the first payout's transaction reached
 * the network but before its payout row says paid; a second process finishes the month.
 */
const UP = 100_000_000n;
const now = new Date();
const month = previousMonthKey(now);
const inMonth = (day: number) => new Date(`${month}-${String(day).padStart(2, '0')}T12:00:00Z`);
let t: Awaited<ReturnType<typeof startTransferNet>>;

// PGlite lives inside one process: a second process cannot share it. Runs with TEST_DB=postgres.
describe.skipIf(testDbKind !== 'postgres')('monthly rewards across a SIGKILLed payout job', () => {
  beforeAll(async () => {
    t = await startTransferNet();
    const { rewards } = await provisionSystemWallets(t.deps);
    await t.net.sim.faucet({ token: 'UP', address: rewards.dagAddress, units: 1000n * UP });
    await t.net.sim.tick();
    // Three premium winners with 3, 2 and 1 activities last month.
    for (const [i, name] of ['ann', 'ben', 'cat'].entries()) {
      const id = `95${i}`;
      await t.user(id, name);
      await recordActivities(t.deps, { userId: id, at: [3, 4, 5].slice(i).map(inMonth) });
      await createSubscription(t.deps, {
        xUserId: id,
        start: daysBefore(now, 40),
        end: daysBefore(now, -20),
      });
    }
    await closeRewardMonth(
      { db: t.deps.db, now: () => now },
      { month, settings: { pool: 600n * UP, winners: 3 } },
    );
  });
  afterAll(() => t?.close());

  it('killed mid-payout, then re-run: exactly one transfer per (month, user), all paid', async () => {
    const input = (pause: boolean): RewardChildInput => ({
      databaseUrl: t.database.url as string,
      publicUrl: t.net.publicUrl,
      masterKeys: t.deps.config.wallets.readMasterKeys() as string,
      month,
      pauseAfterFirstSubmit: pause,
    });
    const killed = startChild(input(true));
    await killed.said('submitted');
    killed.process.kill('SIGKILL');
    expect(await killed.exited).toEqual({ code: null, signal: 'SIGKILL' });

    // The death landed between the network accepting the first payout and its row saying so.
    const rewardTransfers = () =>
      t.deps.db
        .select()
        .from(transfers)
        .where(like(transfers.idempotencyKey, `reward:${month}:%`));
    expect(await rewardTransfers()).toHaveLength(1);
    const states = async () =>
      (await t.deps.db.select().from(rewardPayouts).orderBy(rewardPayouts.rank)).map(
        (p) => p.state,
      );
    expect(await states()).toEqual(['planned', 'planned', 'planned']);

    const rerun = startChild(input(false));
    expect(await rerun.exited).toEqual({ code: 0, signal: null });
    await t.settle();
    await t.settle();

    const sent = await rewardTransfers();
    expect(sent.map((s) => [s.idempotencyKey, s.amount]).sort()).toEqual([
      [rewardKey(month, '950'), 300n * UP],
      [rewardKey(month, '951'), 200n * UP],
      [rewardKey(month, '952'), 100n * UP],
    ]);
    expect(await states()).toEqual(['paid', 'paid', 'paid']);
    const payouts = await t.deps.db.select().from(rewardPayouts).orderBy(rewardPayouts.rank);
    expect(payouts.map((p) => p.transferId)).toEqual(
      ['950', '951', '952'].map(
        (id) => sent.find((s) => s.idempotencyKey === rewardKey(month, id))!.id,
      ),
    );
    // On the network too: each winner received their share once.
    for (const [id, amount] of [
      ['950', 300n],
      ['951', 200n],
      ['952', 100n],
    ] as const) {
      const wallet = await t.deps.db.query.wallets.findFirst({
        where: (w, { eq }) => eq(w.xUserId, id),
      });
      expect(await t.balance(t.net.client, 'UP', wallet!.dagAddress)).toBe(amount * UP);
    }
  }, 120_000);
});

function startChild(input: RewardChildInput) {
  const child: ChildProcess = spawn(
    process.execPath,
    nodeArgs('tests/support/reward-payout-child.ts'),
    {
      env: { ...process.env, REWARD_CHILD: JSON.stringify(input) },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (d) => {
    stdout += d;
  });
  child.stderr?.on('data', (d) => {
    stderr += d;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      if (code) console.error(stderr);
      resolve({ code, signal });
    }),
  );
  /** Resolves once the child printed `word`; fails if it exits first. */
  const said = (word: string) =>
    new Promise<void>((resolve, reject) => {
      const check = () => stdout.includes(word) && resolve();
      child.stdout?.on('data', check);
      check();
      child.once('exit', () => reject(new Error(`child exited before '${word}': ${stderr}`)));
    });
  return { process: child, exited, said };
}
