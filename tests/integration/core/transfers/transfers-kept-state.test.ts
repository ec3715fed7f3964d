import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmTransfers, getTransfer, TransferError, transfer } from '@/core/transfers/index.ts';
import { transferTransactions } from '@/db/schema/index.ts';
import { createConstellationClient } from '@/integrations/constellation/index.ts';
import { sandboxConstellationClientConfig } from '@/sandbox/constellation/client-config.ts';
import { constellationWaiting } from '@/sandbox/db/schema/constellation.ts';
import { startTransferNet } from '../../../support/transfer-net.ts';

// Decision 0027: a chain's network state is read once and kept; confirmations come from one
// explorer page per chain when a snapshot is new. These pin down what must still hold.
const UP = 100_000_000n;
let t: Awaited<ReturnType<typeof startTransferNet>>;

beforeAll(async () => {
  t = await startTransferNet();
});
afterAll(() => t.close());

const send = (xUserId: string, amount: bigint, key: string) =>
  transfer(t.deps, {
    from: { xUserId },
    to: { address: t.net.sim.genesis.faucet.address },
    token: 'UP',
    amount,
    idempotencyKey: key,
    feeTier: 'premium', // no fee: the amounts below are exact
  });

describe('kept chain state', () => {
  it('spends money that arrived after the state was kept (reads again before refusing)', async () => {
    const carol = await t.user('5001', 'carol', { UP: 10n * UP });
    await send('5001', 2n * UP, 'kept-1'); // the chain's state (balance 10) is kept now
    await t.settle();
    await t.net.sim.faucet({ token: 'UP', address: carol.dagAddress, units: 100n * UP });
    await t.net.sim.tick();
    // The kept view says 8 available; the network has 108.
    const big = await send('5001', 50n * UP, 'kept-2');
    expect(big.state).toBe('submitted');
    await t.settle();
    expect((await getTransfer(t.deps, { idempotencyKey: 'kept-2' }))?.state).toBe('confirmed');
    expect(await t.balance(t.net.client, 'UP', carol.dagAddress)).toBe(58n * UP);
  });

  it('still refuses what the balance minus its own sends in flight cannot cover', async () => {
    const dave = await t.user('5002', 'dave', { UP: 10n * UP });
    await send('5002', 4n * UP, 'flight-1');
    await send('5002', 4n * UP, 'flight-2');
    const refused = await send('5002', 4n * UP, 'flight-3').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(TransferError);
    expect((refused as TransferError).code).toBe('insufficient_balance');
    await t.settle();
    expect(await t.balance(t.net.client, 'UP', dave.dagAddress)).toBe(2n * UP);
  });
});

describe('confirmation by snapshot', () => {
  it('a transaction the network lost after accepting the post is resubmitted, same bytes, once', async () => {
    const erin = await t.user('5003', 'erin', { UP: 10n * UP });
    const sent = await send('5003', 3n * UP, 'lost-1');
    // The pool forgets it (a node restart): no snapshot will ever show it.
    await t.database.db
      .delete(constellationWaiting)
      .where(eq(constellationWaiting.hash, sent.paymentHash!));
    // Not shown two snapshots after the poller first saw it: looked up by itself, found
    // nowhere, the chain has not reached its ordinal → posted again with the stored bytes.
    for (let i = 0; i < 4; i++) await t.settle();
    const [leg] = await t.database.db
      .select()
      .from(transferTransactions)
      .where(eq(transferTransactions.hash, sent.paymentHash!));
    expect(leg?.state).toBe('confirmed');
    expect((await getTransfer(t.deps, { idempotencyKey: 'lost-1' }))?.state).toBe('confirmed');
    expect(await t.balance(t.net.client, 'UP', erin.dagAddress)).toBe(7n * UP);
  });

  it('reads the transaction list of each new snapshot once, however many chains are open', async () => {
    const urls: string[] = [];
    const client = createConstellationClient(
      sandboxConstellationClientConfig(t.net.publicUrl, {
        fetch: (input, init) => {
          urls.push(String(input));
          return fetch(input, init);
        },
      }),
    );
    const deps = { ...t.deps, constellation: client };
    const senders = ['5011', '5012', '5013'];
    for (const [i, id] of senders.entries()) await t.user(id, `chain${i}`, { UP: 10n * UP });
    const keys = senders.map((id) => `per-snapshot-${id}`);
    for (const [i, id] of senders.entries()) {
      await transfer(deps, {
        from: { xUserId: id },
        to: { address: t.net.sim.genesis.faucet.address },
        token: 'UP',
        amount: UP,
        idempotencyKey: keys[i]!,
        feeTier: 'premium',
      });
    }
    await confirmTransfers(deps); // a first round reads a page per chain and learns the snapshot
    await t.net.sim.tick();
    urls.length = 0;
    await confirmTransfers(deps);
    for (const key of keys) {
      expect((await getTransfer(deps, { idempotencyKey: key }))?.state).toBe('confirmed');
    }
    expect(urls.filter((u) => /\/snapshots\/\d+\/transactions/.test(u))).toHaveLength(1);
    expect(urls.filter((u) => u.includes('/transactions/sent'))).toHaveLength(0);
  });
});
