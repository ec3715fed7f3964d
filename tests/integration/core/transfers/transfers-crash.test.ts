import { type ChildProcess, spawn } from 'node:child_process';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmTransfers, reconcileTransfers } from '@/core/transfers/index.ts';
import { provisionSystemWallets } from '@/core/wallets/index.ts';
import { transfers, transferTransactions } from '@/db/schema/index.ts';
import { dagAddressFromPublicKey } from '@/integrations/constellation/address.ts';
import { generatePrivateKey, publicKeyFromPrivateKey } from '@/integrations/constellation/keys.ts';
import { constellationTransactions } from '@/sandbox/db/schema/constellation.ts';
import { nodeArgs } from '../../../support/node-entry.ts';
import { waitRealMs } from '../../../support/real-time.ts';
import { seededRandom } from '../../../support/seed.ts';
import { testDbKind } from '../../../support/test-db.ts';
import type { CrashChildInput } from '../../../support/transfer-child.ts';
import { startTransferNet } from '../../../support/transfer-net.ts';

const UP = 100_000_000n;
const KILLS = 20;
// When each kill lands (printed seed: TEST_SEED replays the run).
const chaos = seededRandom('transfers-crash');
let t: Awaited<ReturnType<typeof startTransferNet>>;

// PGlite lives inside one process: a second process cannot share it, so there is nothing to
// crash against. The test runs with TEST_DB=postgres.
describe.skipIf(testDbKind !== 'postgres')('transfers survive SIGKILL at random points', () => {
  beforeAll(async () => {
    t = await startTransferNet({ snapshotIntervalMs: 150 });
  });
  afterAll(() => t?.close());

  it(`${KILLS} kills, then reconcile: nothing lost, nothing applied twice`, async () => {
    const fees = (await provisionSystemWallets(t.deps)).fees.dagAddress;
    const sender = await t.user('4001', 'crashy', { UP: 500n * UP });
    const recipient = dagAddressFromPublicKey(publicKeyFromPrivateKey(generatePrivateKey()));
    const plan = Array.from({ length: 60 }, (_, i) => ({
      key: `crash-${i}`,
      to: recipient,
      amount: i === 59 ? 'all' : String(BigInt(1 + ((i * 37) % 13)) * UP + BigInt(i)),
    }));
    const input: Omit<CrashChildInput, 'chaosStream'> = {
      databaseUrl: t.database.url as string,
      publicUrl: t.net.publicUrl,
      masterKeys: t.deps.config.wallets.readMasterKeys() as string,
      fromWalletId: sender.id,
      plan,
    };

    let killsBetweenSignAndSubmit = 0;
    for (let kill = 0; kill < KILLS; kill++) {
      const child = startChild({ ...input, chaosStream: `transfers-crash-child-${kill}` });
      await child.ready;
      await waitRealMs(
        50 + chaos() * 600,
        'process: the kill lands at a random point of the child’s work',
      );
      child.process.kill('SIGKILL');
      await child.exited;
      const left = await t.deps.db
        .select({ state: transferTransactions.state })
        .from(transferTransactions)
        .where(eq(transferTransactions.state, 'planned'));
      if (left.length > 0) killsBetweenSignAndSubmit++;
    }
    console.info(
      `crash test: ${killsBetweenSignAndSubmit}/${KILLS} kills left signed, unsent transactions`,
    );
    // Restart: a last worker reconciles and finishes the plan.
    const last = startChild({ ...input, chaosStream: 'transfers-crash-child-last' });
    expect(await last.exited).toBe(0);
    for (let i = 0; i < 10; i++) {
      await t.net.sim.tick();
      await reconcileTransfers(t.deps);
      const open = await t.deps.db
        .select({ id: transfers.id })
        .from(transfers)
        .where(inArray(transfers.state, ['pending', 'submitted']));
      if (open.length === 0) break;
    }

    const rows = await t.deps.db
      .select()
      .from(transfers)
      .where(eq(transfers.fromAddress, sender.dagAddress));
    expect(rows.map((r) => r.idempotencyKey).sort()).toEqual(plan.map((p) => p.key).sort());
    expect(rows.every((r) => r.state === 'confirmed' || r.state === 'rejected')).toBe(true);
    const legs = await t.deps.db
      .select()
      .from(transferTransactions)
      .where(eq(transferTransactions.sourceAddress, sender.dagAddress));
    const onChain = await t.deps.db
      .select()
      .from(constellationTransactions)
      .where(
        and(
          eq(constellationTransactions.token, 'UP'),
          eq(constellationTransactions.source, sender.dagAddress),
        ),
      );
    // Every transaction the network accepted from the sender is one of our confirmed legs,
    // and every confirmed leg is on the network: nothing unknown, nothing twice.
    const confirmedLegs = legs.filter((l) => l.state === 'confirmed');
    expect(onChain.map((c) => c.hash).sort()).toEqual(confirmedLegs.map((l) => l.hash).sort());
    for (const row of rows) {
      const own = confirmedLegs.filter((l) => l.transferId === row.id && l.kind === 'payment');
      expect(own.length).toBe(row.state === 'confirmed' ? 1 : 0);
    }

    const paid = confirmedLegs
      .filter((l) => l.kind === 'payment')
      .reduce((a, l) => a + l.amount, 0n);
    const charged = confirmedLegs
      .filter((l) => l.kind === 'fee')
      .reduce((a, l) => a + l.amount, 0n);
    const bal = (a: string) => t.balance(t.net.client, 'UP', a);
    expect(await bal(recipient)).toBe(paid);
    expect(await bal(fees)).toBe(charged);
    expect(await bal(sender.dagAddress)).toBe(500n * UP - paid - charged);
    expect(paid).toBeGreaterThan(0n);
    await confirmTransfers(t.deps);
  }, 170_000);
});

function startChild(input: CrashChildInput) {
  const child: ChildProcess = spawn(process.execPath, nodeArgs('tests/support/transfer-child.ts'), {
    env: { ...process.env, CRASH_CHILD: JSON.stringify(input) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d) => {
    stderr += d;
  });
  const ready = new Promise<void>((resolve) => {
    child.stdout?.on('data', (d: Buffer) => {
      if (d.toString().includes('ready')) resolve();
    });
    child.once('exit', () => resolve());
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      if (code !== 0 && code !== null) console.error(stderr);
      resolve(code);
    }),
  );
  return { process: child, ready, exited };
}
