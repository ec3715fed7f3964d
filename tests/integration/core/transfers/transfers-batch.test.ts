import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TransferError, transfer } from '@/core/transfers/index.ts';
import { insertIntentBatched } from '@/core/transfers/send/store.ts';
import { batchCounts } from '@/db/batch.ts';
import { transfers, transferTransactions } from '@/db/schema/index.ts';
import { startTransferNet } from '../../../support/transfer-net.ts';

// Decision 0031: concurrent transfers share each hot step's statement. What batching adds must
// not change what each transfer sees.
const UP = 100_000_000n;
let t: Awaited<ReturnType<typeof startTransferNet>>;

beforeAll(async () => {
  t = await startTransferNet();
});
afterAll(() => t.close());

const send = (xUserId: string, key: string, amount: bigint = UP) =>
  transfer(t.deps, {
    from: { xUserId },
    to: { address: t.net.sim.genesis.faucet.address },
    token: 'UP',
    amount,
    idempotencyKey: key,
    feeTier: 'free',
  });

const outcome = (p: Promise<{ id: string; state: string }>) =>
  p.then(
    (r) => ({ id: r.id, state: r.state, code: null as string | null, err: null as unknown }),
    (e: unknown) => ({
      id: e instanceof TransferError ? (e.details.transferId ?? null) : null,
      state: null,
      code: e instanceof TransferError ? e.code : null,
      err: e,
    }),
  );

/** Each chain's live legs, by ordinal: every parent is the previous leg (no gap, no fork). */
async function expectUnbrokenChain(address: string) {
  const legs = await t.deps.db
    .select()
    .from(transferTransactions)
    .where(eq(transferTransactions.sourceAddress, address))
    .orderBy(asc(transferTransactions.ordinal));
  for (let i = 1; i < legs.length; i++) {
    expect(legs[i]!.ordinal).toBe(legs[i - 1]!.ordinal + 1n);
    expect(legs[i]!.parentHash).toBe(legs[i - 1]!.hash);
  }
  return legs;
}

describe('batched transfer steps', () => {
  it('many sources at once, several transfers each: every key lands once, each chain in call order', async () => {
    const senders = await Promise.all(
      Array.from({ length: 8 }, (_, s) => t.user(String(7100 + s), `batch${s}`, { UP: 100n * UP })),
    );
    const calls = senders.flatMap((_, s) =>
      Array.from({ length: 4 }, (_, n) => ({ s, n, key: `many-${s}-${n}` })),
    );
    const before = { ...batchCounts.get('insertIntent')! };
    const results = await Promise.all(calls.map((c) => outcome(send(String(7100 + c.s), c.key))));
    // They did share statements (else this would test nothing new).
    const after = batchCounts.get('insertIntent')!;
    expect(after.items - before.items).toBe(calls.length);
    expect(after.batches - before.batches).toBeLessThan(calls.length / 2);
    expect(results.every((r) => r.state === 'submitted')).toBe(true);
    const rows = await t.deps.db
      .select()
      .from(transfers)
      .where(
        inArray(
          transfers.idempotencyKey,
          calls.map((c) => c.key),
        ),
      );
    expect(rows).toHaveLength(calls.length);
    for (const [s, wallet] of senders.entries()) {
      const legs = await expectUnbrokenChain(wallet.dagAddress);
      expect(legs).toHaveLength(8); // 4 × (payment + fee)
      // Launched in order n = 0..3 in the same tick: the chain follows that order.
      const keyOf = new Map(rows.map((r) => [r.id, r.idempotencyKey]));
      const order = legs.filter((l) => l.kind === 'payment').map((l) => keyOf.get(l.transferId));
      expect(order).toEqual([0, 1, 2, 3].map((n) => `many-${s}-${n}`));
    }
    await t.settle();
    const confirmed = await t.deps.db
      .select({ state: transfers.state })
      .from(transfers)
      .where(
        inArray(
          transfers.idempotencyKey,
          calls.map((c) => c.key),
        ),
      );
    expect(confirmed.every((r) => r.state === 'confirmed')).toBe(true);
  }, 120_000);

  it('the same key from many callers at once is one transfer', async () => {
    await t.user('7200', 'samekey', { UP: 10n * UP });
    const results = await Promise.all(
      Array.from({ length: 12 }, () => outcome(send('7200', 'same-key-burst'))),
    );
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(results.every((r) => r.state !== null)).toBe(true);
    const rows = await t.deps.db
      .select()
      .from(transfers)
      .where(eq(transfers.idempotencyKey, 'same-key-burst'));
    expect(rows).toHaveLength(1);
    const legs = await t.deps.db
      .select()
      .from(transferTransactions)
      .where(eq(transferTransactions.transferId, rows[0]!.id));
    expect(legs).toHaveLength(2);
  });

  it('one failing item does not take its batch down', async () => {
    await t.user('7300', 'rich', { UP: 50n * UP });
    await t.user('7301', 'poor', { UP: 1n * UP });
    await send('7300', 'fail-mix-used', 2n * UP);
    const results = await Promise.all([
      outcome(send('7300', 'fail-mix-ok-1')),
      outcome(send('7301', 'fail-mix-short', 5n * UP)), // insufficient balance
      outcome(send('7300', 'fail-mix-used', 3n * UP)), // same key, different payload
      outcome(send('7399', 'fail-mix-nobody')), // no such user
      outcome(send('7300', 'fail-mix-ok-2')),
    ]);
    expect(results.map((r) => r.code)).toEqual([
      null,
      'insufficient_balance',
      'idempotency_conflict',
      null,
      null,
    ]);
    expect(results[0]!.state).toBe('submitted');
    expect(results[4]!.state).toBe('submitted');
    expect(results[3]!.err).toBeTruthy(); // unknown user: refused before any intent is stored
    const short = (results[1]!.err as TransferError).details;
    expect(short.balance).toBe(1n * UP);
    expect(short.needed).toBe(5n * UP + 2_500_000n);
  });

  it('a statement that fails for one intent is retried per intent', async () => {
    const wallet = await t.user('7400', 'intent', { UP: 1n * UP });
    const base = {
      request: '{}',
      fromAddress: wallet.dagAddress,
      toAddress: wallet.dagAddress,
      token: 'UP',
      feeTier: 'free',
    };
    const results = await Promise.allSettled([
      insertIntentBatched(t.deps.db, {
        ...base,
        idempotencyKey: 'retry-a',
        fromWalletId: wallet.id,
      }),
      // No such wallet: the foreign key fails the whole multi-row insert.
      insertIntentBatched(t.deps.db, {
        ...base,
        idempotencyKey: 'retry-b',
        fromWalletId: '00000000-0000-4000-8000-000000000000',
      }),
      insertIntentBatched(t.deps.db, {
        ...base,
        idempotencyKey: 'retry-c',
        fromWalletId: wallet.id,
      }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const rows = await t.deps.db
      .select({ key: transfers.idempotencyKey })
      .from(transfers)
      .where(inArray(transfers.idempotencyKey, ['retry-a', 'retry-b', 'retry-c']));
    expect(rows.map((r) => r.key).sort()).toEqual(['retry-a', 'retry-c']);
  });
});
