import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@/db/client.ts';
import {
  ConstellationHttpError,
  dagAddressFromPublicKey,
  generatePrivateKey,
  publicKeyFromPrivateKey,
  type SignedTransaction,
  signTransaction,
  type TransactionReference,
  transactionHash,
} from '@/integrations/constellation/index.ts';
import { tokenNetworks } from '@/sandbox/constellation/network.ts';
import { produceSnapshot } from '@/sandbox/constellation/snapshot.ts';
import { UNITS_PER_TOKEN } from '@/shared/tokens.ts';
import { startConstellationSim, transferValue } from '../../../support/constellation-sim.ts';
import { createTestDatabase, testDbKind } from '../../../support/test-db.ts';

// On PostgreSQL the two simulators use separate connection pools on one database, as two
// processes would; on PGlite they share the one embedded database.
type Sim = Awaited<ReturnType<typeof startConstellationSim>>;
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let other: Awaited<ReturnType<typeof openDatabase>> | null = null;
let sims: Sim[] = [];
beforeAll(async () => {
  db = await createTestDatabase();
  if (testDbKind === 'postgres' && db.url) other = await openDatabase({ url: db.url });
  sims = [await startConstellationSim(db), await startConstellationSim(other ?? db)];
});
afterAll(async () => {
  for (const s of sims) await s.close();
  await other?.close();
  await db?.close();
});

const newWallet = () => {
  const key = generatePrivateKey();
  return { key, address: dagAddressFromPublicKey(publicKeyFromPrivateKey(key)) };
};
const post = (i: number, s: SignedTransaction) =>
  sims[i % 2]!.client.postTransaction('UP', s).then(
    (r) => ({ ok: true as const, hash: r.hash }),
    (e) => {
      if (!(e instanceof ConstellationHttpError)) throw e;
      return { ok: false as const, error: e.errorName };
    },
  );

describe(`concurrent submissions from one source (${testDbKind})`, () => {
  it('accepts exactly one of many transactions spending the same parent', async () => {
    const a = newWallet();
    await sims[0]!.sim.faucet({ token: 'UP', address: a.address, units: 10n * UNITS_PER_TOKEN });
    await sims[0]!.sim.tick();
    const parent = await sims[0]!.client.getLastReference('UP', a.address);
    const rivals = Array.from({ length: 8 }, () =>
      signTransaction(transferValue(a.address, newWallet().address, 6n, parent), a.key),
    );
    const results = await Promise.all(rivals.map((s, i) => post(i, s)));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok).map((r) => !r.ok && r.error)).toEqual(
      Array(7).fill('Conflict'),
    );
    await Promise.all(sims.map((s) => s.sim.tick()));
    expect((await sims[1]!.client.getBalance('UP', a.address)).balance).toBe(4n * UNITS_PER_TOKEN);
  });

  it('never lets a chain of concurrent spends overdraw the balance', async () => {
    const a = newWallet();
    await sims[1]!.sim.faucet({ token: 'UP', address: a.address, units: 4n * UNITS_PER_TOKEN });
    await sims[1]!.sim.tick();
    let parent: TransactionReference = await sims[0]!.client.getLastReference('UP', a.address);
    const chain = Array.from({ length: 7 }, () => {
      const v = transferValue(a.address, newWallet().address, 1n, parent);
      parent = { ordinal: v.parent.ordinal + 1n, hash: transactionHash(v) };
      return signTransaction(v, a.key);
    });
    // Post everything at once, then again whatever failed only because its parent was not yet in.
    let todo = chain.map((s, i) => ({ s, i }));
    const accepted = new Set<number>();
    for (let round = 0; round < chain.length && todo.length; round++) {
      const results = await Promise.all(todo.map(({ s, i }) => post(i + round, s)));
      for (const [j, r] of results.entries()) if (r.ok) accepted.add(todo[j]!.i);
      todo = todo.filter((_, j) => {
        const r = results[j]!;
        return !r.ok && r.error === 'HasNoMatchingParent';
      });
    }
    expect([...accepted].sort()).toEqual([0, 1, 2, 3]);
    await Promise.all(sims.map((s) => s.sim.tick()));
    expect((await sims[0]!.client.getBalance('UP', a.address)).balance).toBe(0n);
  });

  it('lets only one of two producers make each snapshot', async () => {
    const nets = tokenNetworks(sims[0]!.sim.genesis);
    const before = await sims[0]!.client.getLatestOrdinal('UP');
    const now = new Date(Date.now() + 60_000);
    const made = await Promise.all(
      [db, other ?? db].map((d) => produceSnapshot(d.db, nets.UP, { now, intervalMs: 2000 })),
    );
    expect(made.filter(Boolean)).toHaveLength(1);
    expect(await sims[1]!.client.getLatestOrdinal('UP')).toBe(before + 1n);
  });
});
