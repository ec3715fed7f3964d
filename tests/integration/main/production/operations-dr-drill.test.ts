import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { getTransfer, getWalletBalances, reconcileTransfers } from '@/core/transfers/index.ts';
import { getWalletByUser } from '@/core/wallets/index.ts';
import { wallets } from '@/db/schema/index.ts';
import { UNITS_PER_TOKEN } from '@/shared/tokens.ts';
import { startConstellationSim } from '../../../support/constellation-sim.ts';
import { backUp, createEmptyPostgres, restore, startProductOn } from '../../../support/dr-drill.ts';
import { createUserWithWallet } from '../../../support/factories.ts';
import { createScratchPostgres, testDbKind } from '../../../support/test-db.ts';
import { walletTestEnv } from '../../../support/wallet-env.ts';

/**
 * The disaster-recovery drill of docs/OPERATIONS.md, run on the local network: back up, keep
 * working, lose the database, restore the backup, start again. The network keeps its state in a
 * database of its own (as the real network is not the product's database), so the product's
 * database is dumped, lost and restored whole, exactly as the procedure says. Prints the
 * recovery point and recovery time it measured.
 */
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'upsider-dr-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const DAG = UNITS_PER_TOKEN;
const [ALICE, BOB, CAROL] = ['5001', '5002', '5003'];

describe.skipIf(testDbKind !== 'postgres')('disaster-recovery drill (PostgreSQL)', () => {
  it('restores the last backup: network balances, pre-backup pending settled, later records lost', async () => {
    const adminUrl = process.env.TEST_DATABASE_URL!;
    const networkDb = await createScratchPostgres(adminUrl, 'upsider_drill_net');
    const net = await startConstellationSim(networkDb);
    const live = await createScratchPostgres(adminUrl, 'upsider_drill_live');
    const restored = await createEmptyPostgres(adminUrl, 'upsider_drill_restored');
    const env = walletTestEnv(); // the master keys, backed up apart from the database
    try {
      // Before the backup: a confirmed payment, and one the network has not snapshotted yet.
      const before = await startProductOn(live.url, net.publicUrl, env);
      const alice = await createUserWithWallet(
        before.deps,
        { xUserId: ALICE, username: 'alice_dr', fund: { DAG: 100n * DAG } },
        net.sim,
      );
      const bob = await createUserWithWallet(before.deps, { xUserId: BOB, username: 'bob_dr' });
      await before.send('dr-confirmed', ALICE, BOB, 10n);
      await net.sim.tick();
      await before.confirm();
      expect((await before.send('dr-pending', ALICE, BOB, 5n)).state).toBe('submitted');

      const dump = path.join(tmp, 'upsider.dump');
      backUp(live.url, dump);
      const backedUpAt = Date.now();

      // After the backup: a user signs up, gets a wallet and is paid; the network confirms.
      const carol = await createUserWithWallet(before.deps, {
        xUserId: CAROL,
        username: 'carol_dr',
      });
      const late = await before.send('dr-after-backup', BOB, CAROL, 7n);
      await net.sim.tick();
      await before.confirm();
      expect((await getTransfer(before.deps, { idempotencyKey: 'dr-pending' }))?.state).toBe(
        'confirmed',
      );

      // The disaster: the product stops and its database is gone (the network carries on).
      await before.close();
      await live.close();
      const lostAt = Date.now();

      // Recovery: restore into a new database, start the product on it (start-up reconcile).
      const t0 = performance.now();
      restore(dump, restored.url);
      const t1 = performance.now();
      const after = await startProductOn(restored.url, net.publicUrl, env);
      await reconcileTransfers(after.deps);
      const t2 = performance.now();
      try {
        // What was pending at the backup is settled against the network.
        const pending = await getTransfer(after.deps, { idempotencyKey: 'dr-pending' });
        expect(pending?.state).toBe('confirmed');
        expect((await getTransfer(after.deps, { idempotencyKey: 'dr-confirmed' }))?.state).toBe(
          'confirmed',
        );

        // Balances shown are the network's, including what moved after the backup.
        for (const address of [alice.wallet.dagAddress, bob.wallet.dagAddress]) {
          const shown = (await getWalletBalances(after.deps, { address })).DAG;
          expect(shown).toBe((await after.deps.constellation.getBalance('DAG', address)).balance);
        }
        const bobShown = (await getWalletBalances(after.deps, { address: bob.wallet.dagAddress }))
          .DAG;
        expect(bobShown).toBe(15n * DAG - 7n * DAG - (late.fee ?? 0n) - late.networkFee);

        // Lost: the records made after the backup — the payment and Carol's whole account.
        expect(await getTransfer(after.deps, { idempotencyKey: 'dr-after-backup' })).toBeNull();
        expect(await getWalletByUser(after.deps, { xUserId: CAROL })).toBeNull();
        // Her wallet's key was only in the lost database: the 7 DAG on its address stay there,
        // and nothing restored can sign for it.
        const carolOnNetwork = await after.deps.constellation.getBalance(
          'DAG',
          carol.wallet.dagAddress,
        );
        expect(carolOnNetwork.balance).toBe(7n * DAG);
        const keys = await after.deps.db.select({ address: wallets.dagAddress }).from(wallets);
        expect(keys.map((k) => k.address)).not.toContain(carol.wallet.dagAddress);

        // The product works again: Bob's chain moved after the backup, and he can still send.
        const again = await after.send('dr-after-restore', BOB, ALICE, 1n);
        await net.sim.tick();
        await after.confirm();
        expect(
          (await getTransfer(after.deps, { idempotencyKey: again.idempotencyKey }))?.state,
        ).toBe('confirmed');

        const restoreMs = Math.round(t1 - t0);
        const startMs = Math.round(t2 - t1);
        // The figures docs/OPERATIONS.md quotes (the reporter shows a test's stdout).
        process.stdout.write(
          `DR drill: RPO = the backup interval (here ${lostAt - backedUpAt} ms: 1 payment and 1 ` +
            `user with a funded wallet made after the backup lost from the database); ` +
            `RTO = restore ${restoreMs} ms + start ${startMs} ms = ${restoreMs + startMs} ms ` +
            `(dump ${Math.round(fs.statSync(dump).size / 1024)} KiB)\n`,
        );
      } finally {
        await after.close();
      }
    } finally {
      await net.close();
      await networkDb.close();
      await live.close().catch(() => {});
      await restored.drop();
    }
  });
});
