import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getTransfer,
  getWalletBalances,
  listTransfersForUser,
  reconcileTransfers,
  TransferError,
  transfer,
} from '@/core/transfers/index.ts';
import {
  getWalletByUser,
  provisionSystemWallets,
  type WalletRecord,
} from '@/core/wallets/index.ts';
import { withWalletSigningKey } from '@/core/wallets/signing-key.ts';
import { transfers, transferTransactions } from '@/db/schema/index.ts';
import { ConstellationNetworkError, signTransaction } from '@/integrations/constellation/index.ts';
import { createUser } from '../../../support/factories.ts';
import { startTransferNet } from '../../../support/transfer-net.ts';

const UP = 100_000_000n;
let t: Awaited<ReturnType<typeof startTransferNet>>;
let alice: WalletRecord;
let feeAddress: string;

/** X's answer to a username lookup at send time (decision 0048): bob and newcomer exist. */
const xAccounts = new Map([
  ['bob', { xUserId: '2002', username: 'Bob' }],
  ['newcomer', { xUserId: '2006', username: 'NewComer' }],
]);

beforeAll(async () => {
  t = await startTransferNet();
  t.deps.resolveHandle = async (handle) =>
    xAccounts.get(handle.replace(/^@/, '').toLowerCase()) ?? null;
  feeAddress = (await provisionSystemWallets(t.deps)).fees.dagAddress;
  alice = await t.user('2001', 'alice', { UP: 100n * UP, DAG: 5n * UP });
});
afterAll(() => t.close());

const bal = (address: string, token: 'UP' | 'DAG' = 'UP') =>
  t.balance(t.net.client, token, address);
const errorOf = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected a TransferError');
    },
    (e: unknown) => e as TransferError,
  );

describe('transfer', () => {
  it('sends to a handle, charges 0.5% to the fee wallet, confirms after a snapshot', async () => {
    await createUser(t.deps, { xUserId: '2002', username: 'Bob' });
    const sent = await transfer(t.deps, {
      from: { xUserId: '2001' },
      to: { handle: '@bob' },
      token: 'UP',
      amount: 10n * UP,
      idempotencyKey: 'post-1',
      feeTier: 'free',
    });
    expect(sent.state).toBe('submitted');
    expect(sent.amount).toBe(10n * UP);
    expect(sent.fee).toBe(5_000_000n);
    expect(sent.paymentHash).toMatch(/^[0-9a-f]{64}$/);
    expect(sent.feeHash).toMatch(/^[0-9a-f]{64}$/);
    const bob = (await getWalletByUser(t.deps, { xUserId: '2002' }))!;
    expect(sent.toAddress).toBe(bob.dagAddress);

    await t.settle();
    const done = (await getTransfer(t.deps, { idempotencyKey: 'post-1' }))!;
    expect(done.state).toBe('confirmed');
    expect(done.confirmedAt).toBeInstanceOf(Date);
    expect(await bal(bob.dagAddress)).toBe(10n * UP);
    expect(await bal(feeAddress)).toBe(5_000_000n);
    expect(await bal(alice.dagAddress)).toBe(100n * UP - 10n * UP - 5_000_000n);
    expect(await getWalletBalances(t.deps, { address: bob.dagAddress })).toEqual({
      DAG: 0n,
      UP: 10n * UP,
      DOR: 0n,
    });
    const listed = await listTransfersForUser(t.deps, { xUserId: '2002' });
    expect(listed.map((l) => l.idempotencyKey)).toContain('post-1');
  });

  it('replays the same key without moving funds again; another payload conflicts', async () => {
    const before = await bal(alice.dagAddress);
    const again = await transfer(t.deps, {
      from: { xUserId: '2001' },
      to: { handle: 'BOB' },
      token: 'UP',
      amount: 10n * UP,
      idempotencyKey: 'post-1',
      feeTier: 'free',
    });
    expect(again.state).toBe('confirmed');
    const legs = await t.deps.db
      .select()
      .from(transferTransactions)
      .where(eq(transferTransactions.transferId, again.id));
    expect(legs).toHaveLength(2);
    await t.settle();
    expect(await bal(alice.dagAddress)).toBe(before);

    const err = await errorOf(
      transfer(t.deps, {
        from: { xUserId: '2001' },
        to: { handle: 'bob' },
        token: 'UP',
        amount: 11n * UP,
        idempotencyKey: 'post-1',
        feeTier: 'free',
      }),
    );
    expect(err.code).toBe('idempotency_conflict');
  });

  it("'all' sends the most that leaves room for the fee; premium pays none", async () => {
    const carol = await t.user('2003', 'carol', { DAG: 2n * UP + 1234n });
    const sent = await transfer(t.deps, {
      from: { xUserId: '2003' },
      to: { address: alice.dagAddress },
      token: 'DAG',
      amount: 'all',
      idempotencyKey: 'carol-all',
      feeTier: 'free',
    });
    expect(sent.amount! + sent.fee!).toBeLessThanOrEqual(2n * UP + 1234n);
    expect(sent.amount! + 1n + (sent.amount! + 1n + 199n) / 200n).toBeGreaterThan(2n * UP + 1234n);
    await t.settle();
    const left = await bal(carol.dagAddress, 'DAG');
    expect(left).toBe(2n * UP + 1234n - sent.amount! - sent.fee!);

    const dave = await t.user('2004', 'dave', { DAG: 3n * UP });
    const premium = await transfer(t.deps, {
      from: { xUserId: '2004' },
      to: { address: alice.dagAddress },
      token: 'DAG',
      amount: 'all',
      idempotencyKey: 'dave-all',
      feeTier: 'premium',
    });
    expect(premium.amount).toBe(3n * UP);
    expect(premium.fee).toBe(0n);
    expect(premium.feeHash).toBeNull();
    await t.settle();
    expect(await bal(dave.dagAddress, 'DAG')).toBe(0n);
  });

  it('refuses more than the balance (minus in-flight sends) and replays the refusal', async () => {
    const erin = await t.user('2005', 'erin', { UP: 10n * UP });
    await transfer(t.deps, {
      from: { xUserId: '2005' },
      to: { address: alice.dagAddress },
      token: 'UP',
      amount: 6n * UP,
      idempotencyKey: 'erin-1',
      feeTier: 'premium',
    });
    // Not in a snapshot yet: the 6 UP in flight still count against the 10.
    const request = {
      from: { xUserId: '2005' },
      to: { address: alice.dagAddress },
      token: 'UP',
      amount: 5n * UP,
      idempotencyKey: 'erin-2',
      feeTier: 'premium',
    } as const;
    const err = await errorOf(transfer(t.deps, request));
    expect(err.code).toBe('insufficient_balance');
    expect(err.details.balance).toBe(4n * UP);
    expect(err.details.needed).toBe(5n * UP); // amount + fee (premium pays none)
    // The numbers are data, not words: a replay answers them whatever the message says.
    await t.deps.db
      .update(transfers)
      .set({ errorMessage: 'Not enough UP' })
      .where(eq(transfers.idempotencyKey, 'erin-2'));
    const replay = await errorOf(transfer(t.deps, request));
    expect(replay.code).toBe('insufficient_balance');
    expect(replay.details.balance).toBe(4n * UP);
    expect(replay.details.needed).toBe(err.details.needed);
    expect((await getTransfer(t.deps, { idempotencyKey: 'erin-2' }))?.state).toBe('rejected');
    await t.settle();
    expect(await bal(erin.dagAddress)).toBe(4n * UP);
  });

  it('pays the X id behind a handle whose owner never signed in; refuses one X does not know', async () => {
    const sent = await transfer(t.deps, {
      from: { xUserId: '2001' },
      to: { handle: 'newcomer' },
      token: 'UP',
      amount: UP,
      idempotencyKey: 'to-newcomer',
      feeTier: 'premium',
    });
    await t.settle();
    // Their wallet is keyed by the X id X returned, whatever their handle is when they sign in.
    const wallet = await getWalletByUser(t.deps, { xUserId: '2006' });
    expect(wallet?.dagAddress).toBe(sent.toAddress);
    expect(await bal(sent.toAddress)).toBe(UP);

    const before = await bal(alice.dagAddress);
    const err = await errorOf(
      transfer(t.deps, {
        from: { xUserId: '2001' },
        to: { handle: 'nobody_at_x' },
        token: 'UP',
        amount: UP,
        idempotencyKey: 'to-nobody',
        feeTier: 'premium',
      }),
    );
    expect(err.code).toBe('unknown_handle');
    expect(await getTransfer(t.deps, { idempotencyKey: 'to-nobody' })).toBeNull();
    expect(await bal(alice.dagAddress)).toBe(before);
  });

  it('answers client mistakes with typed errors and records nothing', async () => {
    const base = {
      from: { xUserId: '2001' },
      to: { address: alice.dagAddress },
      token: 'UP',
      amount: UP,
      feeTier: 'free',
    } as const;
    const cases: [object, string][] = [
      [{ to: { address: 'DAGnotanaddress' } }, 'invalid_address'],
      [{ to: { handle: 'has space' } }, 'invalid_handle'],
      [{}, 'same_wallet'],
      [{ to: { handle: 'bob' }, token: 'BTC' }, 'unknown_token'],
      [{ to: { handle: 'bob' }, amount: 0n }, 'amount_not_positive'],
      [{ to: { handle: 'bob' }, amount: -5n }, 'amount_not_positive'],
    ];
    for (const [patch, code] of cases) {
      const key = `mistake-${code}-${Math.random()}`;
      const err = await errorOf(
        transfer(t.deps, { ...base, ...patch, idempotencyKey: key } as never),
      );
      expect(err).toBeInstanceOf(TransferError);
      expect(err.code).toBe(code);
      expect(await getTransfer(t.deps, { idempotencyKey: key })).toBeNull();
    }
  });

  it('recovers a lost answer without sending twice, and rejects a transaction the chain passed over', async () => {
    const frank = await t.user('2007', 'frank', { UP: 20n * UP });
    const lostAnswer = {
      ...t.deps,
      constellation: {
        ...t.deps.constellation,
        postTransaction: async (
          ...args: Parameters<typeof t.deps.constellation.postTransaction>
        ) => {
          await t.deps.constellation.postTransaction(...args); // the node accepts it...
          throw new ConstellationNetworkError('http://node', new Error('socket hang up')); // ...we never hear
        },
      },
    };
    const request = {
      from: { xUserId: '2007' },
      to: { address: alice.dagAddress },
      token: 'UP',
      amount: 2n * UP,
      idempotencyKey: 'lost-answer',
      feeTier: 'premium',
    } as const;
    await expect(transfer(lostAnswer, request)).rejects.toBeInstanceOf(ConstellationNetworkError);
    expect((await getTransfer(t.deps, request))?.state).toBe('pending');
    await reconcileTransfers(t.deps);
    await t.settle();
    expect((await transfer(t.deps, request)).state).toBe('confirmed');
    expect(await bal(frank.dagAddress)).toBe(18n * UP);

    // Signed and stored, never sent; meanwhile another transaction takes that place in the chain.
    const neverSent = {
      ...t.deps,
      constellation: {
        ...t.deps.constellation,
        postTransaction: async () => {
          throw new ConstellationNetworkError('http://node', new Error('ECONNREFUSED'));
        },
      },
    };
    const doomed = {
      ...request,
      amount: 3n * UP,
      idempotencyKey: 'passed-over',
      feeTier: 'free',
    } as const;
    await expect(transfer(neverSent, doomed)).rejects.toBeInstanceOf(ConstellationNetworkError);
    const parent = await t.net.client.getLastReference('UP', frank.dagAddress);
    const rival = await withWalletSigningKey(t.deps, frank.id, (key) =>
      signTransaction(
        {
          source: frank.dagAddress,
          destination: alice.dagAddress,
          amount: UP,
          fee: 0n,
          parent,
          salt: 7n,
        },
        key,
      ),
    );
    await t.net.client.postTransaction('UP', rival);
    await t.net.sim.tick();
    await reconcileTransfers(t.deps);
    const passed = (await getTransfer(t.deps, doomed))!;
    expect(passed.state).toBe('rejected');
    expect(passed.error?.message).toMatch(/chain moved past/);
    await t.settle();
    expect(await bal(frank.dagAddress)).toBe(17n * UP);
    await expect(transfer(t.deps, doomed)).rejects.toMatchObject({ code: 'rejected_by_network' });
  });
});
