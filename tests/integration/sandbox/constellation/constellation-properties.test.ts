import { count, lt } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ConstellationHttpError,
  dagAddressFromPublicKey,
  generatePrivateKey,
  publicKeyFromPrivateKey,
  randomSalt,
  signTransaction,
  type TransactionReference,
  transactionHash,
} from '@/integrations/constellation/index.ts';
import {
  constellationAccounts as accounts,
  constellationWaiting as waiting,
} from '@/sandbox/db/schema/constellation.ts';
import { UNITS_PER_TOKEN } from '@/shared/tokens.ts';
import { startConstellationSim } from '../../../support/constellation-sim.ts';
import { createTestDatabase } from '../../../support/test-db.ts';

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let net: Awaited<ReturnType<typeof startConstellationSim>>;
const TOKENS = ['UP', 'DOR'] as const;
const wallets = Array.from({ length: 4 }, () => {
  const key = generatePrivateKey();
  return { key, address: dagAddressFromPublicKey(publicKeyFromPrivateKey(key)) };
});

beforeAll(async () => {
  db = await createTestDatabase();
  net = await startConstellationSim(db);
  for (const token of TOKENS) {
    for (const w of wallets)
      await net.sim.faucet({ token, address: w.address, units: 20n * UNITS_PER_TOKEN });
  }
  await net.sim.tick();
});
afterAll(async () => {
  await net?.close();
  await db?.close();
});

const op = fc.oneof(
  fc.record({
    kind: fc.constant('send' as const),
    token: fc.constantFrom(...TOKENS),
    from: fc.nat({ max: 3 }),
    to: fc.nat({ max: 4 }), // 4 = a brand-new address
    // Up to 30 tokens: often more than the sender has left.
    amount: fc.bigInt({ min: 1n, max: 30n * UNITS_PER_TOKEN }),
    fee: fc.constantFrom(0n, 1n, 200_000n),
    parent: fc.constantFrom('tip', 'tip', 'lastAccepted', 'bogus'),
  }),
  fc.constant({ kind: 'snapshot' as const }),
);

describe('local Constellation network invariants (random signed transfers)', () => {
  it('keeps every supply constant, no balance negative, and moves exactly what it accepted', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), async (ops) => {
        // Model: confirmed balances of our wallets, plus what each accepted post will move.
        const expected = new Map<string, bigint>();
        const tips = new Map<string, TransactionReference>();
        for (const token of TOKENS) {
          for (const w of wallets) {
            const k = `${token}:${w.address}`;
            expected.set(k, (await net.client.getBalance(token, w.address)).balance);
            tips.set(k, await net.client.getLastReference(token, w.address));
          }
        }
        for (const o of ops) {
          if (o.kind === 'snapshot') {
            await net.sim.tick();
            continue;
          }
          const src = wallets[o.from]!;
          const dst =
            o.to === 4
              ? dagAddressFromPublicKey(publicKeyFromPrivateKey(generatePrivateKey()))
              : wallets[o.to]!.address;
          if (dst === src.address) continue;
          const k = `${o.token}:${src.address}`;
          const parent =
            o.parent === 'tip'
              ? tips.get(k)!
              : o.parent === 'lastAccepted'
                ? await net.client.getLastReference(o.token, src.address)
                : { ordinal: 3n, hash: 'ab'.repeat(32) };
          const value = {
            source: src.address,
            destination: dst,
            amount: o.amount,
            fee: o.fee,
            parent,
            salt: randomSalt(),
          };
          try {
            await net.client.postTransaction(o.token, signTransaction(value, src.key));
          } catch (err) {
            expect(err).toBeInstanceOf(ConstellationHttpError);
            expect((err as ConstellationHttpError).errorName).toMatch(
              /^(InsufficientBalance|Conflict|HasNoMatchingParent|ParentOrdinalLowerThenLastProcessedTxOrdinal)$/,
            );
            continue;
          }
          tips.set(k, { ordinal: parent.ordinal + 1n, hash: transactionHash(value) });
          expected.set(k, expected.get(k)! - o.amount - o.fee);
          const dk = `${o.token}:${dst}`;
          if (expected.has(dk)) expected.set(dk, expected.get(dk)! + o.amount);
        }
        await net.sim.tick();

        for (const token of TOKENS) {
          const combined = await net.client.getLatestCombined(token);
          const total = [...combined.balances.values()].reduce((a, b) => a + b, 0n);
          expect(total).toBe(net.sim.genesis.totalSupply[token]);
          for (const w of wallets) {
            expect((await net.client.getBalance(token, w.address)).balance).toBe(
              expected.get(`${token}:${w.address}`),
            );
          }
        }
        const [negative] = await db.db
          .select({ n: count() })
          .from(accounts)
          .where(lt(accounts.balance, 0n));
        expect(negative?.n).toBe(0);
        const [left] = await db.db.select({ n: count() }).from(waiting);
        expect(left?.n).toBe(0);
      }),
      { numRuns: 12 },
    );
  });
});
