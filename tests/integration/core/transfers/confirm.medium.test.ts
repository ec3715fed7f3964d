import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmTransfers, getTransfer, transfer } from '@/core/transfers/index.ts';
import { openTransferMedium, send, UP } from '../../../support/transfer-medium.ts';

/** The confirm entry point (`core/transfers/confirm/`, the poller) over sends it did not make. */
describe('confirm: the poller settles what the network took', () => {
  let medium: Awaited<ReturnType<typeof openTransferMedium>>;
  beforeAll(async () => {
    medium = await openTransferMedium();
  });
  afterAll(() => medium.close());

  it('waits while no snapshot has taken the legs, then confirms the transfer', async () => {
    const t = medium.network();
    const alice = await t.user('d1', 100n * UP);
    const bob = await t.user('d2');
    await transfer(t.deps, send('d1', 'd2', 10n * UP, 'settle-1'));
    await confirmTransfers(t.deps);
    expect((await getTransfer(t.deps, { idempotencyKey: 'settle-1' }))?.state).toBe('submitted');

    t.network.snapshot();
    await confirmTransfers(t.deps);
    expect((await getTransfer(t.deps, { idempotencyKey: 'settle-1' }))?.state).toBe('confirmed');
    expect((await t.legsFrom(alice.dagAddress)).map((l) => l.state)).toEqual([
      'confirmed',
      'confirmed',
    ]);
    expect(t.network.balance('UP', bob.dagAddress)).toBe(10n * UP);
  });

  it('posts a leg the network lost again, the same bytes, and settles it', async () => {
    const t = medium.network();
    const erin = await t.user('e1', 100n * UP);
    await t.user('e2');
    await transfer(t.deps, send('e1', 'e2', 3n * UP, 'lost-1'));
    const hashes = (await t.legsFrom(erin.dagAddress)).map((l) => l.hash);
    await confirmTransfers(t.deps); // the poller first sees the legs open
    t.network.dropPool(); // the node restarted: its pool is gone
    // Looked up one by one only two snapshots after they were first seen open (snapshot-scan.ts).
    t.network.snapshot();
    await confirmTransfers(t.deps);
    t.network.snapshot();
    await confirmTransfers(t.deps);
    expect(t.network.posted).toEqual([...hashes, ...hashes]);

    t.network.snapshot();
    await confirmTransfers(t.deps);
    expect((await getTransfer(t.deps, { idempotencyKey: 'lost-1' }))?.state).toBe('confirmed');
  });
});
