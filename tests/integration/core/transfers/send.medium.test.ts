import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTransfer, transfer, transferFee } from '@/core/transfers/index.ts';
import { openTransferMedium, send, UP } from '../../../support/transfer-medium.ts';

/** The send entry point (`core/transfers/send/`) on a real database and an in-memory network. */
describe('send: transfer() under the source lock', () => {
  let medium: Awaited<ReturnType<typeof openTransferMedium>>;
  beforeAll(async () => {
    medium = await openTransferMedium();
  });
  afterAll(() => medium.close());

  it('plans, signs and submits its legs: the payment, then the fee, on one chain', async () => {
    const t = medium.network();
    const alice = await t.user('a1', 100n * UP);
    const bob = await t.user('a2');
    const sent = await transfer(t.deps, send('a1', 'a2', 10n * UP, 'send-1'));
    expect(sent.state).toBe('submitted');
    const legs = await t.legsFrom(alice.dagAddress);
    expect(legs.map((l) => [l.kind, l.state, l.amount])).toEqual([
      ['payment', 'submitted', 10n * UP],
      ['fee', 'submitted', transferFee(10n * UP, 'free')],
    ]);
    expect(legs[0]?.destination).toBe(bob.dagAddress);
    // Posted in chain order, and nothing else: the network took exactly the stored bytes.
    expect(t.network.posted).toEqual(legs.map((l) => l.hash));
    // Nothing has moved yet: that waits for a snapshot and the poller.
    expect(t.network.balance('UP', alice.dagAddress)).toBe(100n * UP);
  });

  it('sends once for one idempotency key, however often it is asked', async () => {
    const t = medium.network();
    await t.user('b1', 100n * UP);
    await t.user('b2');
    const first = await transfer(t.deps, send('b1', 'b2', 5n * UP, 'send-twice'));
    const again = await transfer(t.deps, send('b1', 'b2', 5n * UP, 'send-twice'));
    expect(again.id).toBe(first.id);
    expect(t.network.posted).toHaveLength(2);
  });

  it('refuses a send the balance does not cover and moves nothing', async () => {
    const t = medium.network();
    const carol = await t.user('c1', 1n * UP);
    await t.user('c2');
    const refused = await transfer(t.deps, send('c1', 'c2', 10n * UP, 'too-much')).catch(
      (err: unknown) => err,
    );
    expect(refused).toMatchObject({ code: 'insufficient_balance', details: { balance: 1n * UP } });
    expect(t.network.posted).toEqual([]);
    expect(await t.legsFrom(carol.dagAddress)).toEqual([]);
    expect(t.network.balance('UP', carol.dagAddress)).toBe(1n * UP);
    expect((await getTransfer(t.deps, { idempotencyKey: 'too-much' }))?.state).toBe('rejected');
  });
});
