import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargeFor, reserveCharge } from '@/core/allowances/index.ts';
import { getSpendableBalance } from '@/core/transfers/balances/spendable.ts';
import { transfer } from '@/core/transfers/index.ts';
import { provisionSystemWallets } from '@/core/wallets/index.ts';
import { balanceHolds, transfers } from '@/db/schema/index.ts';
import { dagAddressFromPublicKey } from '@/integrations/constellation/address.ts';
import { generatePrivateKey, publicKeyFromPrivateKey } from '@/integrations/constellation/keys.ts';
import { startTransferNet } from '../../../support/transfer-net.ts';

/**
 * A hold covers everything its charge will take (decision 0050): on a network with the fee-less
 * rate limit (as the local network and Constellation's run), the price and the network fee. A
 * request the wallet cannot cover is refused before any work; a held one is always charged.
 */
const UP = 100_000_000n;
const MIN_FEE = 200_000n;
const ANALYSIS = 75n * UP;
let t: Awaited<ReturnType<typeof startTransferNet>>;
let treasury: string;

beforeAll(async () => {
  t = await startTransferNet({ feeLessLimit: true, startOrdinal: 0n });
  treasury = (await provisionSystemWallets(t.deps)).treasury.dagAddress;
});
afterAll(() => t.close());

const allowance = () => ({ ...t.deps, now: () => new Date() });
const use = (userId: string, key: string) => ({
  userId,
  item: 'token_analysis' as const,
  idempotencyKey: key,
});
const holdOf = async (key: string) =>
  (
    await t.deps.db
      .select()
      .from(balanceHolds)
      .where(eq(balanceHolds.idempotencyKey, `charge:${key}`))
  )[0];
const elsewhere = () => dagAddressFromPublicKey(publicKeyFromPrivateKey(generatePrivateKey()));

describe('paid work on a network that asks a fee of a wallet sending often or all it has', () => {
  it('exactly the price: refused before any work, naming the network fee; nothing held', async () => {
    await t.user('5001', 'exact', { UP: ANALYSIS });
    const r = await reserveCharge(allowance(), use('5001', 'fee:exact'));
    expect(r).toMatchObject({ outcome: 'refused', code: 'insufficient_funds' });
    expect(r.outcome === 'refused' && r.message).toBe(
      'Not enough UP: your wallet has 75.00 UP and this costs 75.00 UP plus up to 0.002 UP network fee. Nothing was charged.',
    );
    expect(r).toMatchObject({ available: ANALYSIS, networkFee: MIN_FEE });
    expect(await holdOf('fee:exact')).toBeUndefined();
    // A replay answers the same refusal; still nothing held or moved.
    expect((await reserveCharge(allowance(), use('5001', 'fee:exact'))).outcome).toBe('refused');
  });

  it('one base unit under the price: refused', async () => {
    await t.user('5002', 'under', { UP: ANALYSIS - 1n });
    const r = await reserveCharge(allowance(), use('5002', 'fee:under'));
    expect(r).toMatchObject({ outcome: 'refused', available: ANALYSIS - 1n });
  });

  it('price + the network fee, the fee due: held, then charged, the wallet left at 0', async () => {
    const wallet = await t.user('5003', 'plusfee', { UP: ANALYSIS + MIN_FEE });
    const held = await reserveCharge(allowance(), use('5003', 'fee:plus'));
    expect(held).toMatchObject({ outcome: 'held', price: ANALYSIS });
    expect((await holdOf('fee:plus'))!.amount).toBe(ANALYSIS + MIN_FEE);
    const paid = await chargeFor(allowance(), use('5003', 'fee:plus'));
    expect(paid).toMatchObject({ outcome: 'paid', price: ANALYSIS });
    const [tx] = await t.deps.db
      .select()
      .from(transfers)
      .where(eq(transfers.idempotencyKey, 'charge:fee:plus'));
    expect(tx).toMatchObject({ amount: ANALYSIS, fee: 0n });
    const before = await t.balance(t.net.client, 'UP', treasury);
    await t.settle();
    // The 0.002 the treasury did not get is the network's fee.
    expect(await t.balance(t.net.client, 'UP', wallet.dagAddress)).toBe(0n);
    expect(await t.balance(t.net.client, 'UP', treasury)).toBe(before + ANALYSIS);
  });

  it('a send of everything else while the work runs leaves the fee: the held use is still charged', async () => {
    const wallet = await t.user('5004', 'spender', { UP: 80n * UP });
    expect((await reserveCharge(allowance(), use('5004', 'fee:spend'))).outcome).toBe('held');
    // The owner sends all they can meanwhile (the network asks its fee of that send too).
    const sent = await transfer(t.deps, {
      from: { xUserId: '5004' },
      to: { address: elsewhere() },
      token: 'UP',
      amount: 'all',
      idempotencyKey: 'fee:spend-all',
      feeTier: 'premium',
    });
    expect(sent.amount! + sent.networkFee).toBe(80n * UP - ANALYSIS - MIN_FEE);
    expect(await getSpendableBalance(t.deps, { address: wallet.dagAddress, token: 'UP' })).toBe(0n);
    // The second fee-less send in a short time: the charge pays the network fee from the hold.
    const paid = await chargeFor(allowance(), use('5004', 'fee:spend'));
    expect(paid).toMatchObject({ outcome: 'paid', price: ANALYSIS });
    expect((await holdOf('fee:spend'))!.state).toBe('charged');
    await t.settle();
    expect(await t.balance(t.net.client, 'UP', wallet.dagAddress)).toBe(0n);
  });
});
