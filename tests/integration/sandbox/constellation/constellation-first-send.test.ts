import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transfer } from '@/core/transfers/index.ts';
import {
  dagAddressFromPublicKey,
  generatePrivateKey,
  publicKeyFromPrivateKey,
  signTransaction,
} from '@/integrations/constellation/index.ts';
import { MAINNET_LIKE_START_ORDINAL } from '@/sandbox/constellation/network.ts';
import { transferValue } from '../../../support/constellation-sim.ts';
import { startTransferNet } from '../../../support/transfer-net.ts';

// Issue 42: the local chain starts at a mainnet-like ordinal, so with the fee-less limit on (as
// on every real network) a small new wallet's first fee-less send passes, as on mainnet
// (integrations.md §3.3: the cap divides by the ordinals since its last accepted transaction).
const UP = 100_000_000n;
let t: Awaited<ReturnType<typeof startTransferNet>>;
beforeAll(async () => {
  t = await startTransferNet({ feeLessLimit: true });
});
afterAll(() => t.close());

describe('a small new wallet on the default (mainnet-like) local chain', () => {
  it('starts at the mainnet-like ordinal', async () => {
    expect(await t.net.client.getLatestOrdinal('UP')).toBeGreaterThanOrEqual(
      MAINNET_LIKE_START_ORDINAL,
    );
  });

  it('sends fee-less first: the L1 takes 0.5 of its 1 UP with no fee', async () => {
    const key = generatePrivateKey();
    const address = dagAddressFromPublicKey(publicKeyFromPrivateKey(key));
    await t.net.sim.faucet({ token: 'UP', address, units: UP });
    await t.net.sim.tick();
    const parent = await t.net.client.getLastReference('UP', address);
    const value = transferValue(address, t.net.sim.genesis.faucet.address, 0n, parent);
    const signed = signTransaction({ ...value, amount: UP / 2n }, key);
    const { hash } = await t.net.client.postTransaction('UP', signed);
    expect((await t.net.client.getPendingTransaction('UP', hash))?.transaction.fee).toBe(0n);
  });

  it("through the product's send path: no network fee on either leg, the recipient gets it", async () => {
    const alice = await t.user('4201', 'alice42', { UP: 3n * UP });
    const bob = await t.user('4202', 'bob42');
    const sent = await transfer(t.deps, {
      from: { walletId: alice.id },
      to: { address: bob.dagAddress },
      token: 'UP',
      amount: UP,
      idempotencyKey: 'first-fee-less',
      feeTier: 'free',
    });
    expect(sent.networkFee).toBe(0n);
    await t.settle();
    expect(await t.balance(t.net.client, 'UP', bob.dagAddress)).toBe(UP);
  });
});
