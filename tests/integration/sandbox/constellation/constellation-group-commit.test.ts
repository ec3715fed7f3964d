import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dagAddressFromPublicKey,
  generatePrivateKey,
  publicKeyFromPrivateKey,
  type SignedTransaction,
  signTransaction,
  type TransactionReference,
  type TransactionValue,
  transactionHash,
} from '@/integrations/constellation/index.ts';
import { tokenNetworks } from '@/sandbox/constellation/network.ts';
import { createSubmitter, type SubmitResult } from '@/sandbox/constellation/submit.ts';
import { rejectionMessage } from '@/sandbox/constellation/validate.ts';
import { UNITS_PER_TOKEN } from '@/shared/tokens.ts';
import { startConstellationSim, transferValue } from '../../../support/constellation-sim.ts';
import { createTestDatabase, testDbKind } from '../../../support/test-db.ts';

// Group commit (decision 0032): posts that queue together are checked in arrival order against the
// ledger including the earlier ones of the batch, and written in one database transaction.
// Each case submits everything in one go, so it all lands in one batch (asserted).
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let net: Awaited<ReturnType<typeof startConstellationSim>>;
const batches: number[] = [];
let submit: ReturnType<typeof createSubmitter>;
beforeAll(async () => {
  db = await createTestDatabase();
  net = await startConstellationSim(db);
  const up = tokenNetworks(net.sim.genesis).UP;
  submit = createSubmitter(
    db.db,
    up,
    () => new Date(),
    (size) => batches.push(size),
  );
});
afterAll(async () => {
  await net?.close();
  await db?.close();
});

const wallet = () => {
  const key = generatePrivateKey();
  return { key, address: dagAddressFromPublicKey(publicKeyFromPrivateKey(key)) };
};
const next = (v: TransactionValue): TransactionReference => ({
  ordinal: v.parent.ordinal + 1n,
  hash: transactionHash(v),
});
const answer = (r: SubmitResult) => (r.ok ? r.hash : rejectionMessage(r.rejection));

async function funded(tokens: bigint) {
  const w = wallet();
  await net.sim.faucet({ token: 'UP', address: w.address, units: tokens * UNITS_PER_TOKEN });
  await net.sim.tick();
  return { ...w, last: await net.client.getLastReference('UP', w.address) };
}

/** Submits all at once (one batch) and checks that they were written as one. */
async function oneBatch(signed: SignedTransaction[]) {
  batches.length = 0;
  const results = await Promise.all(signed.map((s) => submit(s)));
  expect(batches).toEqual([signed.length]);
  return results.map(answer);
}

describe(`group commit of POST /transactions (${testDbKind})`, () => {
  it('accepts two legs of one chain posted together, in order', async () => {
    const a = await funded(5n);
    const to = wallet().address;
    const v1 = transferValue(a.address, to, 1n, a.last);
    const v2 = transferValue(a.address, to, 2n, next(v1));
    const answers = await oneBatch([signTransaction(v1, a.key), signTransaction(v2, a.key)]);
    expect(answers).toEqual([transactionHash(v1), transactionHash(v2)]);
    await net.sim.tick();
    expect(await net.client.getLastReference('UP', a.address)).toEqual(next(v2));
    expect((await net.client.getBalance('UP', to)).balance).toBe(3n * UNITS_PER_TOKEN);
  });

  it('refuses a double spend inside one batch with the rejection a lone post gets', async () => {
    const a = await funded(5n);
    const first = transferValue(a.address, wallet().address, 1n, a.last);
    const rival = transferValue(a.address, wallet().address, 1n, a.last);
    const h1 = transactionHash(first);
    const h2 = transactionHash(rival);
    expect(await oneBatch([signTransaction(first, a.key), signTransaction(rival, a.key)])).toEqual([
      h1,
      `Conflict(${a.last.ordinal + 1n},${h1},${h2})`,
    ]);
    // Overdrawing through a chain inside one batch: the waiting legs before count.
    const b = await funded(3n);
    const c1 = transferValue(b.address, wallet().address, 2n, b.last);
    const c2 = transferValue(b.address, wallet().address, 2n, next(c1));
    expect(await oneBatch([signTransaction(c1, b.key), signTransaction(c2, b.key)])).toEqual([
      transactionHash(c1),
      'InsufficientBalance(200000000,100000000)',
    ]);
  });

  it('answers the same transaction posted twice with its hash, and keeps one', async () => {
    const a = await funded(5n);
    const v = transferValue(a.address, wallet().address, 1n, a.last);
    const signed = signTransaction(v, a.key);
    const h = transactionHash(v);
    expect(await oneBatch([signed, signed])).toEqual([h, h]);
    expect(await oneBatch([signed])).toEqual([h]);
    expect((await net.client.getPendingTransaction('UP', h))?.hash).toBe(h);
    await net.sim.tick();
    expect(await net.client.getLastReference('UP', a.address)).toEqual(next(v));
  });

  it('extends a waiting chain past ordinal 9 and accepts it all in one snapshot', async () => {
    // Posted one by one, so each post reads the chain back from the database: ordinals must
    // sort as numbers there and in the snapshot's pool (as text, 10 would come before 9).
    const a = await funded(20n);
    let parent = a.last;
    const to = wallet().address;
    for (let n = 0; n < 12; n++) {
      const v = transferValue(a.address, to, 1n, parent);
      expect(await oneBatch([signTransaction(v, a.key)])).toEqual([transactionHash(v)]);
      parent = next(v);
    }
    await net.sim.tick();
    expect(await net.client.getLastReference('UP', a.address)).toEqual(parent);
    expect((await net.client.getBalance('UP', to)).balance).toBe(12n * UNITS_PER_TOKEN);
  });

  it('refuses a bad signature without touching the rest of the batch', async () => {
    const a = await funded(5n);
    const b = await funded(5n);
    const va = transferValue(a.address, wallet().address, 1n, a.last);
    const vb = transferValue(b.address, wallet().address, 1n, b.last);
    const good = signTransaction(vb, b.key);
    const forged: SignedTransaction = { ...good, value: { ...vb, amount: 4n * UNITS_PER_TOKEN } };
    const stranger = signTransaction(transferValue(a.address, b.address, 1n, a.last), b.key);
    batches.length = 0;
    const answers = (
      await Promise.all([forged, signTransaction(va, a.key), stranger, good].map((s) => submit(s)))
    ).map(answer);
    expect(answers).toEqual([
      'InvalidSigned',
      transactionHash(va),
      'NotSignedBySourceAddressOwner',
      transactionHash(vb),
    ]);
    expect(batches).toEqual([2]); // refused before the queue: only the good ones were written
  });
});
