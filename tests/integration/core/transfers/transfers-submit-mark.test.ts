import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTransfer, transfer } from '@/core/transfers/index.ts';
import { markAllSubmitted } from '@/core/transfers/send/mark-submitted.ts';
import { processTransfer } from '@/core/transfers/send/process-transfer.ts';
import { insertIntentBatched } from '@/core/transfers/send/store.ts';
import { batchCounts } from '@/db/batch.ts';
import { transfers, transferTransactions } from '@/db/schema/index.ts';
import { startTransferNet } from '../../../support/transfer-net.ts';

// Decision 0031, second round: a first submission's marks (legs, then the transfer) are one
// statement, and a transfer's source and recipient wallets one lookup. Same outcome as before.
const UP = 100_000_000n;
let t: Awaited<ReturnType<typeof startTransferNet>>;

beforeAll(async () => {
  t = await startTransferNet();
});
afterAll(() => t.close());

const counts = (name: string) => ({ ...(batchCounts.get(name) ?? { batches: 0, items: 0 }) });
const legsOf = (transferId: string) =>
  t.deps.db
    .select()
    .from(transferTransactions)
    .where(eq(transferTransactions.transferId, transferId))
    .orderBy(asc(transferTransactions.seq));

describe('submission marks and wallet lookups', () => {
  it('marks legs and transfer submitted in one statement, as stored and as answered', async () => {
    await t.user('7600', 'marks', { UP: 10n * UP });
    await t.user('7601', 'marked', {});
    const before = {
      merged: counts('markSubmitted'),
      legs: counts('markLegsSubmitted'),
      transfer: counts('markTransferSubmitted'),
      wallets: counts('walletLookup'),
    };
    const record = await transfer(t.deps, {
      from: { xUserId: '7600' },
      to: { xUserId: '7601' },
      token: 'UP',
      amount: UP,
      idempotencyKey: 'marks-1',
      feeTier: 'free',
    });
    expect(record.state).toBe('submitted');
    expect(counts('markSubmitted').batches - before.merged.batches).toBe(1);
    expect(counts('markLegsSubmitted')).toEqual(before.legs);
    expect(counts('markTransferSubmitted')).toEqual(before.transfer);
    // Source and recipient: one lookup for both.
    expect(counts('walletLookup').batches - before.wallets.batches).toBe(1);
    expect(counts('walletLookup').items - before.wallets.items).toBe(2);
    // What the call answered is what is stored (no second read was made to build it).
    expect(await getTransfer(t.deps, { idempotencyKey: 'marks-1' })).toEqual(record);
    const legs = await legsOf(record.id);
    expect(legs.map((l) => l.state)).toEqual(['submitted', 'submitted']);
    expect(record.submittedAt).toEqual(legs[0]!.submittedAt);
  });

  it('answers with the transfer row and legs exactly as stored', async () => {
    const wallet = await t.user('7603', 'answered', { UP: 10n * UP });
    const intent = await insertIntentBatched(t.deps.db, {
      idempotencyKey: 'marks-3',
      request: '{}',
      fromWalletId: wallet.id,
      fromAddress: wallet.dagAddress,
      toAddress: t.net.sim.genesis.faucet.address,
      token: 'UP',
      feeTier: 'free',
      amount: UP,
      fee: 0n,
    });
    const processed = await processTransfer(t.deps, intent!.id);
    const [row] = await t.deps.db.select().from(transfers).where(eq(transfers.id, intent!.id));
    expect(processed!.row).toEqual(row);
    expect(processed!.legs).toEqual(await legsOf(intent!.id));
  });

  it('leaves the transfer alone when its payment was not planned any more', async () => {
    await t.user('7602', 'unmarked', { UP: 10n * UP });
    const lookups = counts('walletLookup');
    const record = await transfer(t.deps, {
      from: { xUserId: '7602' },
      to: { address: t.net.sim.genesis.faucet.address },
      token: 'UP',
      amount: UP,
      idempotencyKey: 'marks-2',
      feeTier: 'free',
    });
    // Source by user and recipient by address: one lookup too.
    expect(counts('walletLookup').batches - lookups.batches).toBe(1);
    expect(counts('walletLookup').items - lookups.items).toBe(2);
    const [row] = await t.deps.db.select().from(transfers).where(eq(transfers.id, record.id));
    const legs = await legsOf(record.id);
    // Already submitted: nothing moves, the caller falls back to the legs' states.
    expect(await markAllSubmitted(t.deps.db, { ...row!, state: 'pending' }, legs)).toBeNull();
    expect(legs.map((l) => l.state)).toEqual(['submitted', 'submitted']);
    const [after] = await t.deps.db.select().from(transfers).where(eq(transfers.id, record.id));
    expect(after).toEqual(row);
  });
});
