import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  confirmTransfers,
  type TransferDeps,
  TransferError,
  transfer,
} from '@/core/transfers/index.ts';
import { provisionSystemWallets } from '@/core/wallets/index.ts';
import type { Db } from '@/db/client.ts';
import { openDatabase } from '@/db/client.ts';
import { transfers, transferTransactions } from '@/db/schema/index.ts';
import { dagAddressFromPublicKey } from '@/integrations/constellation/address.ts';
import { generatePrivateKey, publicKeyFromPrivateKey } from '@/integrations/constellation/keys.ts';
import { testDbKind } from '../../../support/test-db.ts';
import { startTransferNet } from '../../../support/transfer-net.ts';

const UP = 100_000_000n;
const FEE = 500_000n; // 0.5% of 1 UP
let t: Awaited<ReturnType<typeof startTransferNet>>;
const extraDbs: { db: Db; close(): Promise<void> }[] = [];

beforeAll(async () => {
  t = await startTransferNet();
  // On PostgreSQL, "workers" = separate connection pools (as separate processes would have):
  // only the advisory lock keeps them from reusing a parent reference.
  if (testDbKind === 'postgres' && t.database.url) {
    for (let i = 0; i < 3; i++) extraDbs.push(await openDatabase({ url: t.database.url }));
  }
});
afterAll(async () => {
  for (const d of extraDbs) await d.close();
  await t.close();
});

const addressOfNewKey = () =>
  dagAddressFromPublicKey(publicKeyFromPrivateKey(generatePrivateKey()));

describe('200 concurrent transfers from one wallet', () => {
  it('never overdraws, settles each idempotency key once, conserves every unit', async () => {
    const fees = (await provisionSystemWallets(t.deps)).fees.dagAddress;
    const sender = await t.user('3001', 'whale', { UP: 150n * UP });
    const recipients = [addressOfNewKey(), addressOfNewKey(), addressOfNewKey()];
    const workers: TransferDeps[] = [t.deps, ...extraDbs.map((d) => ({ ...t.deps, db: d.db }))];

    // 160 distinct keys of 1 UP (+0.005 fee): only 149 fit in 150 UP. 40 calls repeat a key.
    const calls = Array.from({ length: 200 }, (_, i) => {
      const n = i < 160 ? i : (i * 7) % 160;
      return {
        key: `burst-${n}`,
        to: recipients[n % 3] as string,
        worker: workers[i % workers.length]!,
      };
    });
    // Snapshots keep landing while the burst runs: one after every tenth call that settles
    // (paced by the burst itself, not by a timer).
    let settled = 0;
    let ticks: Promise<unknown> = Promise.resolve();
    const onSettled = () => {
      if (++settled % 10 === 0) ticks = ticks.then(() => t.net.sim.tick());
    };
    let outcomes: { key: string; id: string | null; code: string | null }[];
    try {
      outcomes = await Promise.all(
        calls.map(({ key, to, worker }) =>
          transfer(worker, {
            from: { xUserId: '3001' },
            to: { address: to },
            token: 'UP',
            amount: UP,
            idempotencyKey: key,
            feeTier: 'free',
          })
            .then(
              (r) => ({ key, id: r.id, code: null as string | null }),
              (e: unknown) => {
                if (!(e instanceof TransferError)) throw e;
                return { key, id: e.details.transferId ?? null, code: e.code };
              },
            )
            .finally(onSettled),
        ),
      );
    } finally {
      await ticks;
    }

    // Every call with a key got the same transfer and the same outcome.
    const byKey = new Map<string, { id: string | null; code: string | null }>();
    for (const o of outcomes) {
      const seen = byKey.get(o.key);
      if (seen) expect(o).toMatchObject(seen);
      else byKey.set(o.key, { id: o.id, code: o.code });
    }
    const refused = [...byKey.values()].filter((o) => o.code !== null);
    expect(refused.every((o) => o.code === 'insufficient_balance')).toBe(true);
    expect(byKey.size - refused.length).toBe(149);

    for (let i = 0; i < 5; i++) {
      await t.settle();
    }
    const rows = await t.deps.db
      .select()
      .from(transfers)
      .where(eq(transfers.fromAddress, sender.dagAddress));
    expect(rows).toHaveLength(160);
    const confirmed = rows.filter((r) => r.state === 'confirmed');
    expect(confirmed).toHaveLength(149);
    expect(rows.filter((r) => r.state === 'rejected')).toHaveLength(11);
    const legs = await t.deps.db
      .select()
      .from(transferTransactions)
      .where(
        inArray(
          transferTransactions.transferId,
          rows.map((r) => r.id),
        ),
      );
    // No transaction ever reached the node and got refused; ordinals 1..298 used once each.
    expect(legs.every((l) => l.state === 'confirmed')).toBe(true);
    expect(new Set(legs.map((l) => l.ordinal)).size).toBe(legs.length);
    expect(legs).toHaveLength(149 * 2);

    const bal = (a: string) => t.balance(t.net.client, 'UP', a);
    const received = (await Promise.all(recipients.map(bal))).reduce((a, b) => a + b, 0n);
    expect(received).toBe(149n * UP);
    expect(await bal(fees)).toBe(149n * FEE);
    expect(await bal(sender.dagAddress)).toBe(150n * UP - 149n * (UP + FEE));
    await confirmTransfers(t.deps);
  }, 180_000); // 200 transfers through the local network: slow on a loaded 2-core machine
});
