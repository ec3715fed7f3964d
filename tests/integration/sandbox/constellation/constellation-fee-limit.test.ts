import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSACTION_LIMIT } from '@/integrations/constellation/fee-limit.ts';
import {
  ConstellationHttpError,
  dagAddressFromPublicKey,
  generatePrivateKey,
  publicKeyFromPrivateKey,
  signedTransactionToJson,
  signTransaction,
  type TransactionValue,
  transactionHash,
} from '@/integrations/constellation/index.ts';
import { UNITS_PER_TOKEN } from '@/shared/tokens.ts';
import { startConstellationSim, transferValue } from '../../../support/constellation-sim.ts';
import { createTestDatabase } from '../../../support/test-db.ts';

// integrations.md §3.3: the L1's fee-less rate limit (`transaction-limit`), per address.
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let net: Awaited<ReturnType<typeof startConstellationSim>>;
beforeAll(async () => {
  db = await createTestDatabase();
  // A young network: the limit counts ordinals since genesis for a wallet that never sent.
  net = await startConstellationSim(db, 0, { feeLessLimit: true, startOrdinal: 0n });
});
afterAll(async () => {
  await net?.close();
  await db?.close();
});

const MIN_FEE = TRANSACTION_LIMIT.minFeeWithoutLimit;
const wallet = () => {
  const key = generatePrivateKey();
  return { key, address: dagAddressFromPublicKey(publicKeyFromPrivateKey(key)) };
};
type Wallet = ReturnType<typeof wallet>;
const sign = (w: Wallet, v: TransactionValue) => signTransaction(v, w.key);
const errorOf = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e) => (e instanceof ConstellationHttpError ? e.nodeMessage : String(e)),
  );

async function funded(tokens: bigint) {
  const w = wallet();
  const res = await fetch(`${net.base}/_admin/faucet`, {
    method: 'POST',
    body: JSON.stringify({
      address: w.address,
      token: 'UP',
      amount: String(tokens * UNITS_PER_TOKEN),
    }),
  });
  expect(res.status).toBe(200);
  await net.sim.tick();
  return w;
}

/** Two transfers of 1 UP chained one after the other, with the given network fees. */
async function twoSends(w: Wallet, to: string, fees: [bigint, bigint]) {
  const parent = await net.client.getLastReference('UP', w.address);
  const first = { ...transferValue(w.address, to, 1n, parent), fee: fees[0] };
  const after = { ordinal: parent.ordinal + 1n, hash: transactionHash(first) };
  const second = { ...transferValue(w.address, to, 1n, after), fee: fees[1] };
  return [sign(w, first), sign(w, second)] as const;
}

describe('the local network enforces the fee-less rate limit', () => {
  it('refuses back-to-back fee-less transactions from a 3 UP wallet with TransactionLimited', async () => {
    const alice = await funded(3n);
    const bob = wallet();
    const [first, second] = await twoSends(alice, bob.address, [0n, 0n]);
    // 3 UP may send one fee-less transaction per 558 ordinals: a few ordinals in, none.
    const refused = await errorOf(net.client.postTransaction('UP', first));
    const ref = `TransactionReference(${first.value.parent.ordinal + 1n},${transactionHash(first.value)})`;
    expect(refused).toBe(`TransactionLimited(${ref},0)`);
    expect(await errorOf(net.client.postTransaction('UP', second))).toMatch(/^HasNoMatchingParent/);
  });

  it('answers TransactionLimited in the node error shape, 400 {"errors":[{"message"}]}', async () => {
    const alice = await funded(3n);
    const [first] = await twoSends(alice, wallet().address, [0n, 0n]);
    const res = await fetch(`${net.base}/up-l1/transactions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: signedTransactionToJson(first),
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { errors: { message: string }[] };
    expect(body.errors[0]?.message).toMatch(/^TransactionLimited\(TransactionReference\(/);
  });

  it('accepts both with the 0.002 fee; the balance pays amounts and fees', async () => {
    const alice = await funded(3n);
    const bob = wallet();
    const [first, second] = await twoSends(alice, bob.address, [MIN_FEE, MIN_FEE]);
    expect(await errorOf(net.client.postTransaction('UP', first))).toBeNull();
    expect(await errorOf(net.client.postTransaction('UP', second))).toBeNull();
    await net.sim.tick();
    expect((await net.client.getBalance('UP', bob.address)).balance).toBe(2n * UNITS_PER_TOKEN);
    expect((await net.client.getBalance('UP', alice.address)).balance).toBe(
      UNITS_PER_TOKEN - 2n * MIN_FEE,
    );
  });

  it('lets the first pass fee-less once enough ordinals went by, not the second behind it', async () => {
    // 200 UP: one fee-less transaction per 1674 / 200 = 8.37 ordinals since the last accepted.
    const alice = await funded(200n);
    const bob = wallet();
    const [paid] = await twoSends(alice, bob.address, [MIN_FEE, 0n]);
    expect(await errorOf(net.client.postTransaction('UP', paid))).toBeNull();
    await net.sim.tick(); // accepted here: 0 ordinals since
    for (let i = 0; i < 8; i++) await net.sim.tick();
    const [early] = await twoSends(alice, bob.address, [0n, 0n]);
    expect(await net.client.estimateFee('UP', early)).toBe(MIN_FEE);
    expect(await errorOf(net.client.postTransaction('UP', early))).toMatch(/^TransactionLimited/);
    await net.sim.tick(); // 9 ordinals since
    const [first, second] = await twoSends(alice, bob.address, [0n, 0n]);
    expect(await net.client.estimateFee('UP', first)).toBe(0n);
    // Asked before the first is posted, the second counts it as a fee-less one before it.
    expect(await net.client.estimateFee('UP', second)).toBe(MIN_FEE);
    expect(await errorOf(net.client.postTransaction('UP', first))).toBeNull();
    // Behind the first, the cumulative cap is over 1: the second needs the fee.
    expect(await net.client.estimateFee('UP', second)).toBe(MIN_FEE);
    expect(await errorOf(net.client.postTransaction('UP', second))).toMatch(/^TransactionLimited/);
    const withFee = sign(alice, { ...second.value, fee: MIN_FEE });
    expect(await errorOf(net.client.postTransaction('UP', withFee))).toBeNull();
  });

  it('estimate-fee answers what a fee-less transaction would need, 0 for a large wallet', async () => {
    const small = await funded(3n);
    const [tx] = await twoSends(small, wallet().address, [0n, 0n]);
    expect(await net.client.estimateFee('UP', tx)).toBe(MIN_FEE);
    const large = await funded(5000n);
    const [big] = await twoSends(large, wallet().address, [0n, 0n]);
    expect(await net.client.estimateFee('UP', big)).toBe(0n);
    expect(await errorOf(net.client.postTransaction('UP', big))).toBeNull();
  });
});
