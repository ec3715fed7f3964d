import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSpendableBalance } from '@/core/transfers/balances/spendable.ts';
import { reconcileTransfers, transfer } from '@/core/transfers/index.ts';
import { provisionSystemWallets, type WalletRecord } from '@/core/wallets/index.ts';
import { ConstellationHttpError } from '@/integrations/constellation/index.ts';
import { startTransferNet } from '../../../support/transfer-net.ts';

// integrations.md §3.3: on a network enforcing the fee-less rate limit, each leg of a small
// wallet's transfer pays the 0.002 minimum, so neither the payment nor the fee leg is refused.
const UP = 100_000_000n;
const MIN_FEE = 200_000n;
let t: Awaited<ReturnType<typeof startTransferNet>>;
let feeAddress: string;

beforeAll(async () => {
  t = await startTransferNet({ feeLessLimit: true, startOrdinal: 0n });
  feeAddress = (await provisionSystemWallets(t.deps)).fees.dagAddress;
});
afterAll(() => t.close());

const bal = (address: string) => t.balance(t.net.client, 'UP', address);
const send = (from: WalletRecord, to: WalletRecord, amount: bigint | 'all', key: string) =>
  transfer(t.deps, {
    from: { walletId: from.id },
    to: { address: to.dagAddress },
    token: 'UP',
    amount,
    idempotencyKey: key,
    feeTier: 'free',
  });

describe('network fees on a network enforcing the fee-less limit', () => {
  it('plans the minimum fee on both legs of a 3 UP wallet; the recipient gets the amount', async () => {
    const alice = await t.user('3001', 'alice3', { UP: 3n * UP });
    const bob = await t.user('3002', 'bob3');
    const fees = await bal(feeAddress);
    const first = await send(alice, bob, UP, 'nf-1');
    const second = await send(alice, bob, UP, 'nf-2');
    expect([first.networkFee, second.networkFee]).toEqual([2n * MIN_FEE, 2n * MIN_FEE]);
    await t.settle();
    expect(await bal(bob.dagAddress)).toBe(2n * UP);
    expect(await bal(feeAddress)).toBe(fees + 2n * 500_000n);
    expect(await bal(alice.dagAddress)).toBe(UP - 2n * (500_000n + 2n * MIN_FEE));
  });

  it("'all' leaves room for the network fees: balance − transfer fee − network fee", async () => {
    const carol = await t.user('3003', 'carol3', { UP: 3n * UP });
    const dave = await t.user('3004', 'dave3');
    const sent = await send(carol, dave, 'all', 'nf-all');
    expect(sent.networkFee).toBe(2n * MIN_FEE);
    expect(sent.amount! + sent.fee! + sent.networkFee).toBeLessThanOrEqual(3n * UP);
    await t.settle();
    expect(await bal(dave.dagAddress)).toBe(sent.amount);
    expect(await bal(carol.dagAddress)).toBe(3n * UP - sent.amount! - sent.fee! - 2n * MIN_FEE);
  });

  it('counts the network fees of legs not yet in a snapshot as spent: a second "all" still arrives', async () => {
    const gina = await t.user('3007', 'gina3', { UP: 3n * UP });
    const hank = await t.user('3008', 'hank3');
    const first = await send(gina, hank, UP, 'nf-unsettled-1');
    expect(first.networkFee).toBe(2n * MIN_FEE);
    const spendable = await getSpendableBalance(t.deps, { address: gina.dagAddress, token: 'UP' });
    expect(spendable).toBe(2n * UP - 500_000n - 2n * MIN_FEE);
    const rest = await send(gina, hank, 'all', 'nf-unsettled-all');
    expect(rest.state).toBe('submitted');
    await t.settle();
    expect(await bal(hank.dagAddress)).toBe(UP + rest.amount!);
    expect(await bal(gina.dagAddress)).toBeGreaterThanOrEqual(0n);
  });

  it.each([
    ['answers 0 (a currency L1 without a fee estimator)', '11', async () => 0n],
    [
      'has no such route (the DAG L1: 404)',
      '21',
      async (): Promise<bigint> => {
        throw new ConstellationHttpError(
          'http://l1/transactions/estimate-fee',
          404,
          'Not found',
          null,
        );
      },
    ],
  ])(
    'a node whose estimate-fee %s: the plan applies the limit to the chain it reads and pays the fee up front',
    async (_, id, estimateFee) => {
      const kim = await t.user(`30${id}`, `kim${id}`, { UP: 3n * UP });
      const lee = await t.user(`31${id}`, `lee${id}`);
      await send(kim, lee, UP / 2n, `nf-blind-first-${id}`);
      const refusals: string[] = [];
      const blind = {
        ...t.net.client,
        estimateFee,
        postTransaction: async (...args: Parameters<typeof t.net.client.postTransaction>) => {
          try {
            return await t.net.client.postTransaction(...args);
          } catch (err) {
            refusals.push(String(err));
            throw err;
          }
        },
      };
      const sent = await transfer(
        { ...t.deps, constellation: blind },
        {
          from: { walletId: kim.id },
          to: { address: lee.dagAddress },
          token: 'UP',
          amount: UP / 2n,
          idempotencyKey: `nf-blind-second-${id}`,
          feeTier: 'free',
        },
      );
      expect(sent.state).toBe('submitted');
      expect(sent.networkFee).toBe(2n * MIN_FEE);
      expect(refusals).toEqual([]);
    },
  );

  it('re-signs with the minimum fee when the node refuses a leg as TransactionLimited', async () => {
    const erin = await t.user('3005', 'erin3', { UP: 3n * UP });
    const frank = await t.user('3006', 'frank3');
    // A node without a fee estimator (the real DAG L1 answers 0) and a chain view that says the
    // wallet waited long: the plan signs fee-less, and the node refuses.
    const blind = {
      ...t.net.client,
      estimateFee: async () => 0n,
      getLatestOrdinal: async () => 1_000_000_000n,
    };
    const sent = await transfer(
      { ...t.deps, constellation: blind },
      {
        from: { walletId: erin.id },
        to: { address: frank.dagAddress },
        token: 'UP',
        amount: UP,
        idempotencyKey: 'nf-resign',
        feeTier: 'free',
      },
    );
    expect(sent.state).toBe('submitted');
    expect(sent.networkFee).toBe(2n * MIN_FEE);
    await t.settle();
    expect(await bal(frank.dagAddress)).toBe(UP);
    expect(await bal(erin.dagAddress)).toBe(2n * UP - 500_000n - 2n * MIN_FEE);
  });

  it('recovery re-signs with the minimum fee a leg planned fee-less before a crash that the node now refuses', async () => {
    const ivy = await t.user('3009', 'ivy3', { UP: 3n * UP });
    const jack = await t.user('3010', 'jack3');
    // Planned against a node without a fee estimator and a chain view that says the wallet
    // waited long (fee-less), then the process died before the node heard of the legs.
    const crashing = {
      ...t.net.client,
      estimateFee: async () => 0n,
      getLatestOrdinal: async () => 1_000_000_000n,
      postTransaction: async () => {
        throw new Error('socket hang up');
      },
    };
    const request = {
      from: { walletId: ivy.id },
      to: { address: jack.dagAddress },
      token: 'UP',
      amount: UP,
      idempotencyKey: 'nf-crash',
      feeTier: 'free',
    } as const;
    await expect(transfer({ ...t.deps, constellation: crashing }, request)).rejects.toThrow();
    await reconcileTransfers(t.deps);
    await t.settle();
    await reconcileTransfers(t.deps);
    expect(await bal(jack.dagAddress)).toBe(UP);
    expect(await bal(ivy.dagAddress)).toBe(2n * UP - 500_000n - 2n * MIN_FEE);
  });
});
