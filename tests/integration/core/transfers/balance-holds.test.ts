import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargeFor, releaseCharge, reserveCharge } from '@/core/allowances/index.ts';
import { getSpendableBalance } from '@/core/transfers/balances/spendable.ts';
import {
  placeHold,
  releaseExpiredHolds,
  releaseHold,
  type TransferDeps,
  TransferError,
  transfer,
} from '@/core/transfers/index.ts';
import { provisionSystemWallets } from '@/core/wallets/index.ts';
import { type Db, openDatabase } from '@/db/client.ts';
import { balanceHolds, transfers } from '@/db/schema/index.ts';
import { dagAddressFromPublicKey } from '@/integrations/constellation/address.ts';
import { generatePrivateKey, publicKeyFromPrivateKey } from '@/integrations/constellation/keys.ts';
import { testDbKind } from '../../../support/test-db.ts';
import { startTransferNet } from '../../../support/transfer-net.ts';

/**
 * Money held for paid work under way (decision 0037): every spend from the wallet leaves it
 * alone, whoever sends and however many at once; only the transfer under the hold's own key
 * spends it, once.
 */
const UP = 100_000_000n;
let t: Awaited<ReturnType<typeof startTransferNet>>;
const extraDbs: { db: Db; close(): Promise<void> }[] = [];
let workers: TransferDeps[];
let treasury: string;

beforeAll(async () => {
  t = await startTransferNet();
  // On PostgreSQL, "workers" = separate connection pools, as separate processes would have.
  if (testDbKind === 'postgres' && t.database.url) {
    for (let i = 0; i < 2; i++) extraDbs.push(await openDatabase({ url: t.database.url }));
  }
  workers = [t.deps, ...extraDbs.map((d) => ({ ...t.deps, db: d.db }))];
  treasury = (await provisionSystemWallets(t.deps)).treasury.dagAddress;
});
afterAll(async () => {
  for (const d of extraDbs) await d.close();
  await t.close();
});

const elsewhere = () => dagAddressFromPublicKey(publicKeyFromPrivateKey(generatePrivateKey()));
const send = (deps: TransferDeps, userId: string, amount: bigint | 'all', key: string) =>
  transfer(deps, {
    from: { xUserId: userId },
    to: { address: elsewhere() },
    token: 'UP',
    amount,
    idempotencyKey: key,
    feeTier: 'premium',
  }).then(
    (r) => ({ ok: true as const, amount: r.amount! }),
    (e: unknown) => {
      if (e instanceof TransferError && e.code === 'insufficient_balance') {
        return { ok: false as const, balance: e.details.balance };
      }
      throw e;
    },
  );
const charge = (userId: string, amount: bigint, key: string) =>
  transfer(t.deps, {
    from: { xUserId: userId },
    to: { address: treasury },
    token: 'UP',
    amount,
    idempotencyKey: key,
    feeTier: 'premium',
  });
const holdState = async (key: string) =>
  (await t.deps.db.select().from(balanceHolds).where(eq(balanceHolds.idempotencyKey, key)))[0]
    ?.state;

describe('a hold in the ledger', () => {
  it('concurrent sends from several processes cannot eat it; its own charge spends it, once', async () => {
    const wallet = await t.user('4001', 'holder', { UP: 100n * UP });
    const held = await placeHold(t.deps, {
      from: { xUserId: '4001' },
      token: 'UP',
      amount: 60n * UP,
      idempotencyKey: 'charge:video:hold-1',
    });
    expect(held.ok).toBe(true);
    expect(await getSpendableBalance(t.deps, { address: wallet.dagAddress, token: 'UP' })).toBe(
      40n * UP,
    );

    // Ten sends of 10 UP at once, over every pool: only the 40 UP not held can go.
    const sends = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        send(workers[i % workers.length]!, '4001', 10n * UP, `hold-burst-${i}`),
      ),
    );
    expect(sends.filter((s) => s.ok)).toHaveLength(4);
    for (const s of sends) if (!s.ok) expect(s.balance).toBe(0n);
    // 'all' finds nothing left that is not held.
    expect(await send(t.deps, '4001', 'all', 'hold-all')).toEqual({ ok: false, balance: 0n });

    // The charge under the hold's key spends it, and marks it charged as its legs are stored.
    const paid = await charge('4001', 60n * UP, 'charge:video:hold-1');
    expect(paid.state).not.toBe('rejected');
    expect(await holdState('charge:video:hold-1')).toBe('charged');
    // A replay is the same transfer: nothing more moves.
    expect((await charge('4001', 60n * UP, 'charge:video:hold-1')).id).toBe(paid.id);
    await t.settle();
    expect(await t.balance(t.net.client, 'UP', wallet.dagAddress)).toBe(0n);
    expect(await t.balance(t.net.client, 'UP', treasury)).toBeGreaterThanOrEqual(60n * UP);
  });

  it('placed while sends race for the same money: the two never both count it as free', async () => {
    const wallet = await t.user('4002', 'racer', { UP: 100n * UP });
    const [held, ...sends] = await Promise.all([
      placeHold(workers[1 % workers.length]!, {
        from: { xUserId: '4002' },
        token: 'UP',
        amount: 55n * UP,
        idempotencyKey: 'charge:video:hold-race',
      }),
      ...Array.from({ length: 8 }, (_, i) =>
        send(workers[i % workers.length]!, '4002', 10n * UP, `race-${i}`),
      ),
    ]);
    const sent = sends.reduce((sum, s) => sum + (s.ok ? s.amount : 0n), 0n);
    if (held.ok) {
      expect(sent).toBeLessThanOrEqual(45n * UP);
      expect((await charge('4002', 55n * UP, 'charge:video:hold-race')).state).not.toBe('rejected');
    } else {
      expect(sent).toBeGreaterThan(45n * UP);
    }
    await t.settle();
    expect(await t.balance(t.net.client, 'UP', wallet.dagAddress)).toBeGreaterThanOrEqual(0n);
  });

  it('is refused with what is free when the wallet cannot hold it; released and expired holds free the money', async () => {
    const wallet = await t.user('4003', 'releaser', { UP: 100n * UP });
    const hold = (amount: bigint, key: string) =>
      placeHold(t.deps, { from: { xUserId: '4003' }, token: 'UP', amount, idempotencyKey: key });
    expect((await hold(70n * UP, 'charge:a')).ok).toBe(true);
    expect(await hold(40n * UP, 'charge:b')).toEqual({
      ok: false,
      code: 'insufficient_balance',
      available: 30n * UP,
      needed: 40n * UP,
    });
    await releaseHold(t.deps.db, 'charge:a');
    expect((await hold(40n * UP, 'charge:b')).ok).toBe(true);
    // Past its expiry a hold no longer counts (the safety net for work that never ended).
    await t.deps.db
      .update(balanceHolds)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(balanceHolds.idempotencyKey, 'charge:b'));
    expect(await getSpendableBalance(t.deps, { address: wallet.dagAddress, token: 'UP' })).toBe(
      100n * UP,
    );
    // The transfer worker's sweep marks it released (it already counted for nothing).
    expect(await releaseExpiredHolds(t.deps.db)).toBe(1);
    expect(await holdState('charge:b')).toBe('released');
    expect(await send(t.deps, '4003', 'all', 'after-expiry')).toEqual({
      ok: true,
      amount: 100n * UP,
    });
  });
});

describe('a paid use reserved when accepted', () => {
  const deps = () => ({ ...t.deps, now: () => new Date() });

  it('charges the held price once, and a released use charges nothing', async () => {
    const wallet = await t.user('4004', 'buyer', { UP: 300n * UP });
    const use = { userId: '4004', item: 'video' as const, idempotencyKey: 'video:post-1' };
    expect(await reserveCharge(deps(), use)).toMatchObject({ outcome: 'held', price: 250n * UP });
    // A second request cannot hold another 250 UP from the 50 left: refused, with the numbers.
    expect(await reserveCharge(deps(), { ...use, idempotencyKey: 'video:post-2' })).toMatchObject({
      outcome: 'refused',
      code: 'insufficient_funds',
      available: 50n * UP,
      message:
        'Not enough UP: your wallet has 50.00 UP and this costs 250.00 UP. Nothing was charged.',
    });
    const paid = await chargeFor(deps(), use);
    expect(paid).toMatchObject({ outcome: 'paid', price: 250n * UP });
    expect(await chargeFor(deps(), use)).toEqual(paid);
    expect(await reserveCharge(deps(), use)).toEqual(paid);
    await releaseCharge(t.deps.db, use);
    expect(await chargeFor(deps(), use)).toEqual(paid);
    const charges = await t.deps.db
      .select()
      .from(transfers)
      .where(eq(transfers.idempotencyKey, 'charge:video:post-1'));
    expect(charges).toHaveLength(1);

    await t.user('4005', 'quitter', { UP: 300n * UP });
    const other = { userId: '4005', item: 'video' as const, idempotencyKey: 'video:post-3' };
    expect((await reserveCharge(deps(), other)).outcome).toBe('held');
    await releaseCharge(t.deps.db, other);
    expect(await chargeFor(deps(), other)).toMatchObject({ outcome: 'refused', code: 'released' });
    await t.settle();
    expect(await t.balance(t.net.client, 'UP', wallet.dagAddress)).toBe(50n * UP);
  });
});
