import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ConstellationHttpError,
  dagAddressFromPublicKey,
  generatePrivateKey,
  publicKeyFromPrivateKey,
  type SignedTransaction,
  signTransaction,
  type TransactionReference,
  type TransactionValue,
  transactionHash,
} from '@/integrations/constellation/index.ts';
import { MAINNET_LIKE_START_ORDINAL as GENESIS } from '@/sandbox/constellation/network.ts';
import { UNITS_PER_TOKEN } from '@/shared/tokens.ts';
import { startConstellationSim, transferValue } from '../../../support/constellation-sim.ts';
import { manualTimers } from '../../../support/manual-timers.ts';
import { createTestDatabase } from '../../../support/test-db.ts';

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let net: Awaited<ReturnType<typeof startConstellationSim>>;
beforeAll(async () => {
  db = await createTestDatabase();
  net = await startConstellationSim(db);
});
afterAll(async () => {
  await net?.close();
  await db?.close();
});

const wallet = () => {
  const key = generatePrivateKey();
  return { key, address: dagAddressFromPublicKey(publicKeyFromPrivateKey(key)) };
};
const ref = (value: TransactionValue): TransactionReference => ({
  ordinal: value.parent.ordinal + 1n,
  hash: transactionHash(value),
});
const errorOf = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e) => (e instanceof ConstellationHttpError ? e.nodeMessage : String(e)),
  );

async function fund(address: string, tokens: bigint) {
  const res = await fetch(`${net.base}/_admin/faucet`, {
    method: 'POST',
    body: JSON.stringify({ address, token: 'UP', amount: String(tokens * UNITS_PER_TOKEN) }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { hash: string }).hash;
}

describe('local Constellation network, through the real client over HTTP', () => {
  it('serves the genesis: exact UP total supply, every holder in the combined snapshot', async () => {
    const supply = await fetch(`${net.base}/up-l0/currency/total-supply`).then((r) => r.text());
    // The chain starts at a mainnet-like ordinal (network.ts), not 0.
    expect(supply).toBe(`{"total":99318100600000000,"ordinal":${GENESIS}}`);
    const combined = await net.client.getLatestCombined('UP');
    expect(combined.ordinal).toBe(GENESIS);
    expect(combined.balances.size).toBe(net.sim.genesis.balances.UP.size);
    const sum = [...combined.balances.values()].reduce((a, b) => a + b, 0n);
    expect(sum).toBe(993_181_006n * UNITS_PER_TOKEN);
  });

  it('faucet → waiting → snapshot: balance moves, last reference advances, explorer shows it', async () => {
    const user = wallet();
    const faucet = net.sim.genesis.faucet.address;
    const before = await net.client.getBalance('UP', faucet);
    const hash = await fund(user.address, 25n);

    const pending = await net.client.getPendingTransaction('UP', hash);
    expect(pending?.transaction.amount).toBe(25n * UNITS_PER_TOKEN);
    expect(await net.client.getExplorerTransaction('UP', hash)).toBeNull();
    expect((await net.client.getBalance('UP', user.address)).balance).toBe(0n);

    const ordinals = await net.sim.tick();
    expect(ordinals.UP).toBe(GENESIS + 1n);
    expect(await net.client.getPendingTransaction('UP', hash)).toBeNull();
    expect(await net.client.getBalance('UP', user.address)).toEqual({
      balance: 25n * UNITS_PER_TOKEN,
      ordinal: GENESIS + 1n,
    });
    expect((await net.client.getBalance('UP', faucet)).balance).toBe(
      before.balance - 25n * UNITS_PER_TOKEN,
    );
    expect(await net.client.getLastReference('UP', faucet)).toEqual({ ordinal: 1n, hash });
    const seen = await net.client.getExplorerTransaction('UP', hash);
    expect(seen).toMatchObject({
      hash,
      source: faucet,
      destination: user.address,
      snapshotOrdinal: GENESIS + 1n,
    });
    expect(await net.client.getExplorerBalance('UP', user.address)).toEqual({
      balance: 25n * UNITS_PER_TOKEN,
      ordinal: GENESIS + 1n,
    });
    // DAG and DOR ledgers are untouched by a UP transfer.
    expect((await net.client.getBalance('DAG', user.address)).balance).toBe(0n);
    expect(await net.client.getLatestOrdinal('DAG')).toBe(GENESIS + 1n);
  });

  it('chains waiting transactions and rejects a second child of the same parent as Conflict', async () => {
    const a = wallet();
    const b = wallet();
    await fund(a.address, 10n);
    await net.sim.tick();
    const last = await net.client.getLastReference('UP', a.address);
    const v1 = transferValue(a.address, b.address, 1n, last);
    const v2 = { ...transferValue(a.address, b.address, 2n, ref(v1)) };
    const { hash: h1 } = await net.client.postTransaction('UP', signTransaction(v1, a.key));
    await net.client.postTransaction('UP', signTransaction(v2, a.key));
    // The same transaction again (same value → same hash) is answered idempotently.
    expect(await net.client.postTransaction('UP', signTransaction(v1, a.key))).toEqual({
      hash: h1,
    });
    // The last reference is still the accepted one: a client that reuses it conflicts.
    expect(await net.client.getLastReference('UP', a.address)).toEqual(last);
    const rival = transferValue(a.address, b.address, 3n, last);
    expect(await errorOf(net.client.postTransaction('UP', signTransaction(rival, a.key)))).toBe(
      `Conflict(${last.ordinal + 1n},${h1},${transactionHash(rival)})`,
    );
    await net.sim.tick();
    expect((await net.client.getBalance('UP', b.address)).balance).toBe(3n * UNITS_PER_TOKEN);
    expect(await net.client.getLastReference('UP', a.address)).toEqual(ref(v2));
  });

  it('rejects what a real node rejects, with the node error names', async () => {
    const a = wallet();
    const b = wallet();
    await fund(a.address, 5n);
    await net.sim.tick();
    const last = await net.client.getLastReference('UP', a.address);
    const good = transferValue(a.address, b.address, 1n, last);
    const signed = signTransaction(good, a.key);
    const post = (s: SignedTransaction) => errorOf(net.client.postTransaction('UP', s));
    const tampered = (value: Partial<TransactionValue>) =>
      post({ ...signed, value: { ...good, ...value } });

    expect(await tampered({ amount: good.amount + 1n })).toBe('InvalidSigned');
    expect(await tampered({ destination: wallet().address })).toBe('InvalidSigned');
    expect(await tampered({ parent: { ...last, ordinal: last.ordinal + 1n } })).toBe(
      'InvalidSigned',
    );
    const sig = signed.proofs[0]!.signature;
    const badSig = `${sig.slice(0, -2)}${sig.endsWith('00') ? '01' : '00'}`;
    expect(await post({ ...signed, proofs: [{ ...signed.proofs[0]!, signature: badSig }] })).toBe(
      'InvalidSigned',
    );
    expect(await post(signTransaction(good, wallet().key))).toBe('NotSignedBySourceAddressOwner');

    const sign = (v: TransactionValue) => signTransaction(v, a.key);
    expect(await post(sign({ ...good, destination: a.address }))).toBe(
      `SameSourceAndDestinationAddress(${a.address})`,
    );
    expect(
      await post(sign({ ...good, parent: { ordinal: last.ordinal, hash: 'f'.repeat(64) } })),
    ).toBe(`HasNoMatchingParent(${'f'.repeat(64)})`);
    expect(
      await post(sign({ ...good, parent: { ordinal: last.ordinal + 5n, hash: last.hash } })),
    ).toBe(`HasNoMatchingParent(${last.hash})`);
    expect(await post(sign({ ...good, amount: 6n * UNITS_PER_TOKEN }))).toBe(
      `InsufficientBalance(600000000,500000000)`,
    );
    expect(
      await post(sign({ ...good, amount: 4n * UNITS_PER_TOKEN, fee: UNITS_PER_TOKEN + 1n })),
    ).toBe(`InsufficientBalance(500000001,500000000)`);
    expect(await post(sign({ ...good, amount: 0n }))).toMatch(/^InvalidRequestBody\(value\.amount/);

    // Once a transaction is accepted, its parent is history.
    await net.client.postTransaction('UP', signed);
    await net.sim.tick();
    expect(await post(sign({ ...good, salt: 7n }))).toBe(
      `ParentOrdinalLowerThenLastProcessedTxOrdinal(${last.ordinal},${last.ordinal + 1n})`,
    );
    // Waiting transactions count against the balance.
    const next = ref(good);
    const v1 = transferValue(a.address, b.address, 3n, next);
    await net.client.postTransaction('UP', sign(v1));
    expect(await post(sign(transferValue(a.address, b.address, 2n, ref(v1))))).toBe(
      'InsufficientBalance(200000000,100000000)',
    );
  });

  it('answers the block explorer and node error shapes', async () => {
    const unknown = wallet().address;
    expect(await net.client.getExplorerBalance('DOR', unknown)).toEqual({
      balance: 0n,
      ordinal: await net.client.getLatestOrdinal('DOR'),
    });
    const res = await fetch(`${net.base}/be/transactions/${'0'.repeat(64)}`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'Not found', errors: [] });
    const info = await fetch(`${net.base}/dag-l1/cluster/info`).then((r) => r.json());
    expect(info[0].state).toBe('Ready');
  });
});

describe("the explorer's per-snapshot transactions", () => {
  it('lists what one snapshot accepted, by ordinal, hash or latest, paged like the address lists', async () => {
    const a = wallet();
    await fund(a.address, 10n);
    await net.sim.tick();
    const last = await net.client.getLastReference('UP', a.address);
    const v1 = transferValue(a.address, wallet().address, 1n, last);
    const v2 = transferValue(a.address, wallet().address, 2n, ref(v1));
    await net.client.postTransaction('UP', signTransaction(v1, a.key));
    await net.client.postTransaction('UP', signTransaction(v2, a.key));
    const { UP: ordinal } = await net.sim.tick();
    const metagraph = net.sim.genesis.metagraphIds.UP;
    const be = `${net.base}/be/currency/${metagraph}/snapshots`;
    const list = async (path: string) => {
      const res = await fetch(`${be}/${path}`);
      return { status: res.status, body: await res.json() };
    };
    const byOrdinal = await list(`${ordinal}/transactions?limit=100`);
    expect(byOrdinal.status).toBe(200);
    const hashes = byOrdinal.body.data.map((t: { hash: string }) => t.hash).sort();
    expect(hashes).toEqual([transactionHash(v1), transactionHash(v2)].sort());
    expect(byOrdinal.body.data[0]).toMatchObject({ snapshotOrdinal: Number(ordinal) });
    // The same rows as the address's sent list shows for them.
    const sent = await net.client.getExplorerSentTransactions('UP', a.address, 2);
    expect(byOrdinal.body.data).toEqual(
      (
        await fetch(
          `${net.base}/be/currency/${metagraph}/addresses/${a.address}/transactions/sent?limit=2`,
        ).then((r) => r.json())
      ).data,
    );
    expect(sent).toHaveLength(2);
    const snapshot = await fetch(`${be}/latest`).then((r) => r.json());
    expect((await list(`${snapshot.data.hash}/transactions?limit=100`)).body).toEqual(
      byOrdinal.body,
    );
    expect((await list('latest/transactions?limit=100')).body).toEqual(byOrdinal.body);
    const first = await list(`${ordinal}/transactions?limit=1`);
    expect(first.body.data).toEqual([byOrdinal.body.data[0]]);
    const rest = await list(`${ordinal}/transactions?limit=1&next=${first.body.meta.next}`);
    expect(rest.body).toEqual({ data: [byOrdinal.body.data[1]], meta: {} });
    // An empty snapshot lists nothing; one that does not exist is not found.
    const { UP: emptyOrdinal } = await net.sim.tick();
    expect((await list(`${emptyOrdinal}/transactions`)).body).toEqual({ data: [], meta: {} });
    expect(await list(`${emptyOrdinal! + 1000n}/transactions`)).toEqual({
      status: 404,
      body: { message: 'Not found', errors: [] },
    });
    expect((await list(`${'0'.repeat(64)}/transactions`)).status).toBe(404);
    expect((await list('nope/transactions')).status).toBe(404);
  });
});

describe('snapshot timer and admin routes', () => {
  it('accepts a faucet transfer (given in whole tokens) by itself within a few intervals', async () => {
    const clock = manualTimers(); // the L0's own 100 ms snapshot loop, stepped here
    const timed = await startConstellationSim(db, 100, { clock });
    try {
      const user = wallet();
      const res = await fetch(`${timed.base}/_admin/faucet`, {
        method: 'POST',
        body: JSON.stringify({ address: user.address, token: 'DOR', tokens: '1.5' }),
      });
      const { hash } = (await res.json()) as { hash: string };
      let seen = null;
      for (let i = 0; i < 5 && !seen; i++) {
        await clock.advance(100);
        seen = await timed.client.getExplorerTransaction('DOR', hash);
      }
      expect(seen?.amount).toBe(150_000_000n);
      expect((await timed.client.getBalance('DOR', user.address)).balance).toBe(150_000_000n);
    } finally {
      await timed.close();
    }
  });

  it('forces a snapshot and refuses a bad faucet request', async () => {
    const before = await net.client.getLatestOrdinal('DAG');
    const forced = await fetch(`${net.base}/_admin/snapshot?token=DAG`, { method: 'POST' });
    expect(await forced.json()).toEqual({ ordinals: { DAG: Number(before + 1n) } });
    const bad = await fetch(`${net.base}/_admin/faucet`, {
      method: 'POST',
      body: JSON.stringify({ address: 'nope', token: 'UP', amount: '1' }),
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors[0].message).toMatch(/^InvalidRequestBody\(address/);
  });
});

describe('forced snapshots (tick, the admin endpoint)', () => {
  it('a forced snapshot includes what was accepted before it was asked for, even with another in flight', async () => {
    // Each caller funds, then forces a snapshot, all at once: on PostgreSQL a snapshot that
    // found another holding the network row used to skip, leaving its caller's funds out.
    const addresses = Array.from({ length: 8 }, () => wallet().address);
    await Promise.all(
      addresses.map(async (address) => {
        await net.sim.faucet({ token: 'UP', address, units: 3n * UNITS_PER_TOKEN });
        await net.sim.tick();
        const balance = await net.client.getBalance('UP', address);
        expect(balance.balance).toBe(3n * UNITS_PER_TOKEN);
      }),
    );
  });
});
