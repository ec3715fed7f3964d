import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepSupersededWallets, transfer } from '@/core/transfers/index.ts';
import { sweepPlan, sweepWallets } from '@/core/wallet-sweep/index.ts';
import {
  ensureWalletForHandle,
  getWalletById,
  provisionSystemWallets,
  type WalletRecord,
} from '@/core/wallets/index.ts';
import { transfers, walletSweepItems, walletSweepRuns, wallets } from '@/db/schema/index.ts';
import {
  type ConstellationClient,
  ConstellationNetworkError,
} from '@/integrations/constellation/index.ts';
import { TOKENS, type Token } from '@/shared/tokens.ts';
import { startTransferNet } from '../../../support/transfer-net.ts';

/**
 * The key-compromise sweep (decision 0047) on the local Constellation network: user, handle and
 * system wallets get fresh keys, every balance moves once (a first run dies mid-way on a network
 * error and a second one finishes it), supply is exact, the wallets keep working on their new keys
 * and late funds at an old address still reach the owner.
 */
const UNIT = 100_000_000n;
let t: Awaited<ReturnType<typeof startTransferNet>>;
let swept: WalletRecord[];
/** Per wallet id: its address and balances before the sweep. */
const before = new Map<string, { address: string; balances: Record<Token, bigint> }>();

const balancesOf = async (address: string) =>
  Object.fromEntries(
    await Promise.all(TOKENS.map(async (k) => [k, await t.balance(t.net.client, k, address)])),
  ) as Record<Token, bigint>;

beforeAll(async () => {
  t = await startTransferNet({ snapshotIntervalMs: 100 });
  const system = await provisionSystemWallets(t.deps);
  const fund = async (address: string, units: Partial<Record<Token, bigint>>) => {
    for (const [token, n] of Object.entries(units)) {
      await t.net.sim.faucet({ token: token as Token, address, units: n * UNIT });
    }
  };
  await fund(system.treasury.dagAddress, { UP: 500n, DAG: 3n });
  await fund(system.rewards.dagAddress, { UP: 300n });
  const ann = await t.user('7001', 'ann', { UP: 100n * UNIT, DAG: 5n * UNIT, DOR: 7n * UNIT });
  const ben = await t.user('7002', 'ben', { UP: 40n * UNIT });
  await t.user('7003', 'cat');
  const handle = await ensureWalletForHandle(t.deps, { handle: 'dora' });
  await fund(handle.dagAddress, { UP: 12n });
  await t.net.sim.tick();
  // Ann signs once before the sweep: her public key is now known to this process.
  await transfer(t.deps, {
    from: { xUserId: '7001' },
    to: { xUserId: '7002' },
    token: 'UP',
    amount: 10n * UNIT,
    feeTier: 'premium',
    idempotencyKey: 'before-sweep',
  });
  await t.settle();
  swept = [system.treasury, system.fees, system.rewards, ann, ben, handle];
  swept.push((await t.deps.db.query.wallets.findFirst({ where: eq(wallets.xUserId, '7003') }))!);
  for (const w of swept) {
    before.set(w.id, { address: w.dagAddress, balances: await balancesOf(w.dagAddress) });
  }
});
afterAll(() => t?.close());

describe('wallets:sweep', () => {
  it('dry run: lists what would move per wallet and token, and changes nothing', async () => {
    const rows = await t.deps.db.select().from(wallets);
    const plan = await sweepPlan(t.deps);
    expect(plan.wallets).toBe(7);
    expect(plan.lines).toContainEqual(
      expect.objectContaining({ owner: 'user 7001', token: 'DOR', amount: 7n * UNIT }),
    );
    expect(plan.lines).toContainEqual(
      expect.objectContaining({ owner: 'handle @dora', token: 'UP', amount: 12n * UNIT }),
    );
    expect(plan.lines).toContainEqual(
      expect.objectContaining({ owner: 'system treasury', token: 'UP', amount: 500n * UNIT }),
    );
    expect(plan.lines.some((l) => l.owner === 'user 7003')).toBe(false);
    expect(await t.deps.db.select().from(wallets)).toEqual(rows);
    expect(await t.deps.db.select().from(walletSweepRuns)).toEqual([]);
  });

  it('a run that dies mid-way is finished by the next: every balance moved once', async () => {
    let posts = 0;
    const dying: ConstellationClient = {
      ...t.net.client,
      async postTransaction(token, signed) {
        if (++posts > 3)
          throw new ConstellationNetworkError('http://node/transactions', new Error('ECONNRESET'));
        return t.net.client.postTransaction(token, signed);
      },
    };
    await expect(
      sweepWallets({ ...t.deps, constellation: dying }, { confirmPollMs: 20 }),
    ).rejects.toThrow(ConstellationNetworkError);
    const second = await sweepWallets(t.deps, { confirmPollMs: 20 });
    expect(second).toMatchObject({ resumed: true, moved: 7, failed: [], open: 0 });
    const [run] = await t.deps.db.select().from(walletSweepRuns);
    expect(run?.state).toBe('done');

    const sweeps = await t.deps.db
      .select()
      .from(transfers)
      .where(like(transfers.idempotencyKey, 'wallet-sweep:%'));
    const nonZero = [...before.values()].flatMap((b) => TOKENS.filter((k) => b.balances[k] > 0n));
    expect(sweeps).toHaveLength(nonZero.length);
    expect(sweeps.every((s) => s.state === 'confirmed' && s.fee === 0n)).toBe(true);

    for (const w of swept) {
      const now = (await getWalletById(t.deps, { walletId: w.id }))!;
      const old = before.get(w.id)!;
      expect(now.dagAddress).not.toBe(old.address);
      expect(now.evmAddress).not.toBe(w.evmAddress);
      expect(now).toMatchObject({ xUserId: w.xUserId, handle: w.handle, systemRole: w.systemRole });
      expect(await balancesOf(now.dagAddress)).toEqual(old.balances);
      expect(await balancesOf(old.address)).toEqual({ DAG: 0n, UP: 0n, DOR: 0n });
      const retired = await t.deps.db.query.wallets.findFirst({
        where: eq(wallets.dagAddress, old.address),
      });
      expect(retired).toMatchObject({
        supersededByWalletId: w.id,
        xUserId: null,
        systemRole: null,
      });
    }
    const items = await t.deps.db.select().from(walletSweepItems);
    expect(items.map((i) => i.state)).toEqual(Array(7).fill('moved'));
  }, 60_000);

  it('the wallets sign with their new keys afterwards', async () => {
    const sent = await transfer(t.deps, {
      from: { xUserId: '7001' },
      to: { xUserId: '7002' },
      token: 'UP',
      amount: 5n * UNIT,
      feeTier: 'premium',
      idempotencyKey: 'after-sweep',
    });
    expect(sent.state).toBe('submitted');
    await t.settle();
    const ben = before.get(swept[4]!.id)!;
    const benNow = (await getWalletById(t.deps, { walletId: swept[4]!.id }))!;
    expect(await t.balance(t.net.client, 'UP', benNow.dagAddress)).toBe(
      ben.balances.UP + 5n * UNIT,
    );
  });

  it('funds arriving later at an old address reach the wallet through its retired row', async () => {
    const ann = swept[3]!;
    const oldAddress = before.get(ann.id)!.address;
    await t.net.sim.faucet({ token: 'UP', address: oldAddress, units: 3n * UNIT });
    await t.net.sim.tick();
    const annNow = (await getWalletById(t.deps, { walletId: ann.id }))!;
    const had = await t.balance(t.net.client, 'UP', annNow.dagAddress);
    expect(await sweepSupersededWallets(t.deps)).toBe(1);
    await t.settle();
    expect(await t.balance(t.net.client, 'UP', annNow.dagAddress)).toBe(had + 3n * UNIT);
    expect(await t.balance(t.net.client, 'UP', oldAddress)).toBe(0n);
  });
});
