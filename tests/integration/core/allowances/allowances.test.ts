import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargeFor, quoteCharge } from '@/core/allowances/index.ts';
import { provisionSystemWallets } from '@/core/wallets/index.ts';
import { createSubscription } from '../../../support/factories.ts';
import { startTransferNet } from '../../../support/transfer-net.ts';

const UP = 100_000_000n;
let t: Awaited<ReturnType<typeof startTransferNet>>;
let treasury: string;
let broke: string;
const deps = () => ({ ...t.deps, now: t.clock.now });
const bal = (address: string) => t.balance(t.net.client, 'UP', address);

beforeAll(async () => {
  t = await startTransferNet();
  treasury = (await provisionSystemWallets(t.deps)).treasury.dagAddress;
  t.clock.set(new Date('2026-05-10T23:00:00Z'));
  await t.user('3001', 'prem', { UP: 1000n * UP, DAG: UP });
  await t.user('3002', 'freeuser', { UP: 100n * UP, DAG: UP });
  broke = (await t.user('3003', 'broke', { UP: 10n * UP, DAG: UP })).dagAddress;
  await createSubscription(t.deps, {
    xUserId: '3001',
    start: new Date('2026-05-01T00:00:00Z'),
    end: new Date('2026-06-01T00:00:00Z'),
  });
});
afterAll(() => t.close());

describe('chargeFor', () => {
  it('gives a premium user 3 free token analyses per UTC day, then charges 56 UP', async () => {
    expect(await quoteCharge(deps(), { userId: '3001', item: 'token_analysis' })).toMatchObject({
      outcome: 'free',
      freeLeftToday: 3,
    });
    const results = await Promise.all(
      [1, 2, 3, 4].map((i) =>
        chargeFor(deps(), { userId: '3001', item: 'token_analysis', idempotencyKey: `ta-${i}` }),
      ),
    );
    expect(results.filter((r) => r.outcome === 'free')).toHaveLength(3);
    const paid = results.find((r) => r.outcome === 'paid');
    expect(paid).toMatchObject({ outcome: 'paid', price: 56n * UP });
    expect(await quoteCharge(deps(), { userId: '3001', item: 'token_analysis' })).toMatchObject({
      outcome: 'price',
      price: 56n * UP,
    });
    await t.settle();
    expect(await bal(treasury)).toBe(56n * UP);
  });

  it('resets the allowance at UTC midnight', async () => {
    t.clock.set(new Date('2026-05-11T00:00:00Z'));
    const r = await chargeFor(deps(), {
      userId: '3001',
      item: 'token_analysis',
      idempotencyKey: 'ta-5',
    });
    expect(r.outcome).toBe('free');
  });

  it('replays by key without charging or consuming again', async () => {
    const before = await bal(treasury);
    const again = await chargeFor(deps(), {
      userId: '3001',
      item: 'token_analysis',
      idempotencyKey: 'ta-5',
    });
    expect(again.outcome).toBe('free');
    expect(await quoteCharge(deps(), { userId: '3001', item: 'token_analysis' })).toMatchObject({
      freeLeftToday: 2,
    });
    const v1 = await chargeFor(deps(), { userId: '3002', item: 'video', idempotencyKey: 'v-1' });
    const v2 = await chargeFor(deps(), { userId: '3002', item: 'video', idempotencyKey: 'v-1' });
    expect(v1.outcome).toBe('refused'); // 250 UP > 100 UP
    expect(v2).toEqual(v1);
    await t.settle();
    expect(await bal(treasury)).toBe(before);
  });

  it('charges a free-tier user the full price, and refuses without funds (nothing moves)', async () => {
    const before = await bal(treasury);
    const paid = await chargeFor(deps(), {
      userId: '3002',
      item: 'digital_evidence',
      idempotencyKey: 'de-1',
    });
    expect(paid).toMatchObject({ outcome: 'paid', price: 30n * UP });
    const refused = await chargeFor(deps(), {
      userId: '3003',
      item: 'digital_evidence',
      idempotencyKey: 'de-2',
    });
    expect(refused).toMatchObject({
      outcome: 'refused',
      code: 'insufficient_funds',
      price: 30n * UP,
    });
    await t.settle();
    expect(await bal(treasury)).toBe(before + 30n * UP);
    expect(await bal(broke)).toBe(10n * UP);
  });
});
