import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  closeWalletKeyProvider,
  ensureWalletForUser,
  rotateWalletKeys,
  walletCountsByKeyId,
} from '@/core/wallets/index.ts';
import { withWalletSigningKey } from '@/core/wallets/signing-key.ts';
import { verifyMasterKeys } from '@/core/wallets/verify-master-keys.ts';
import type { Database } from '@/db/client.ts';
import { users as usersTable, wallets } from '@/db/schema/index.ts';
import { loadConfig } from '@/main/config.ts';
import { createUsers } from '../../../support/factories.ts';
import { startTestHsm } from '../../../support/softhsm.ts';
import { TEST_ENV } from '../../../support/test-app.ts';
import { createTestDatabase } from '../../../support/test-db.ts';

/**
 * `npm run wallets:rotate-keys` (decision 0046): every wallet key re-wrapped under the current
 * key, env → env, env → HSM and HSM → new HSM key, in batches, resumable after a crash in the
 * middle, never twice; afterwards the old key can go and every wallet still opens to the same key.
 */
const hsm = startTestHsm();
hsm.createKey('hsm-a');
hsm.createKey('hsm-b');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'upsider-rotation-'));
const configs: ReturnType<typeof loadConfig>[] = [];
afterAll(() => {
  for (const config of configs) closeWalletKeyProvider(config);
  hsm.remove();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const envKey = (id: string) => `${id}:${randomBytes(32).toString('base64')}`;
const OLD = envKey('env1');
const NEW = envKey('env2');
const configWith = (env: Record<string, string>) => {
  const config = loadConfig({ ...TEST_ENV, LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...env });
  configs.push(config);
  return config;
};
type Config = ReturnType<typeof configWith>;

let database: Database;
const WALLETS = 7;
let ids: string[];
beforeAll(async () => {
  database = await createTestDatabase();
});
// One database for the file (making one is the slow part); each test starts on 7 new wallets.
beforeEach(async () => {
  await database.db.delete(wallets);
  await database.db.delete(usersTable);
  const deps = { db: database.db, config: configWith({ WALLET_MASTER_KEYS: OLD }) };
  const users = await createUsers(deps, '7100', ['r0', 'r1', 'r2', 'r3', 'r4', 'r5', 'r6']);
  ids = [];
  for (const u of users) ids.push((await ensureWalletForUser(deps, u)).id);
});
afterAll(() => database?.close());

/** Each wallet's private key as the signing path sees it (tests only), under `config`. */
const privateKeys = async (config: Config) => {
  const out: string[] = [];
  for (const id of ids) {
    out.push(
      await withWalletSigningKey({ db: database.db, config }, id, (key) =>
        Buffer.from(key).toString('hex'),
      ),
    );
  }
  return out;
};

/** A rotation that "crashes" after its first batch, as a kill in the middle would. */
async function interruptedRotation(config: Config) {
  const crash = new Error('killed after the first batch');
  const run = rotateWalletKeys(
    { db: database.db, config },
    {
      batchSize: 3,
      afterBatch: () => {
        throw crash;
      },
    },
  );
  await expect(run).rejects.toBe(crash);
}

async function rotateAndCheck(
  from: Config,
  to: Config,
  onlyNew: Config,
  newId: string,
  oldId: string,
) {
  const before = await privateKeys(from);
  expect(await walletCountsByKeyId(database.db)).toEqual({ [oldId]: WALLETS });
  await interruptedRotation(to);
  expect(await walletCountsByKeyId(database.db)).toEqual({ [oldId]: WALLETS - 3, [newId]: 3 });
  // Both keys configured, the half-done state signs as before.
  expect(await privateKeys(to)).toEqual(before);
  // The re-run, twice at once: the rest is re-wrapped once in all.
  const [a, b] = await Promise.all([
    rotateWalletKeys({ db: database.db, config: to }, { batchSize: 2 }),
    rotateWalletKeys({ db: database.db, config: to }, { batchSize: 2 }),
  ]);
  expect(a.rewrapped + b.rewrapped).toBe(WALLETS - 3);
  expect(await walletCountsByKeyId(database.db)).toEqual({ [newId]: WALLETS });
  expect((await rotateWalletKeys({ db: database.db, config: to })).rewrapped).toBe(0);
  // The old key can go: every wallet opens to the same private key under the new one alone.
  await verifyMasterKeys({ db: database.db, config: onlyNew });
  expect(await privateKeys(onlyNew)).toEqual(before);
}

describe('rotating the wallet master keys', () => {
  it('env → env: a new first key in WALLET_MASTER_KEYS', async () => {
    const from = configWith({ WALLET_MASTER_KEYS: OLD });
    const to = configWith({ WALLET_MASTER_KEYS: `${NEW},${OLD}` });
    const onlyNew = configWith({ WALLET_MASTER_KEYS: NEW });
    // Without the new key's rotation, the old key is still needed.
    await expect(verifyMasterKeys({ db: database.db, config: onlyNew })).rejects.toThrow(
      /master key env1, which is not among the keys/,
    );
    await rotateAndCheck(from, to, onlyNew, 'env2', 'env1');
  });

  it('env → HSM: the HSM seals, WALLET_MASTER_KEYS opens the old rows until it is done', async () => {
    const from = configWith({ WALLET_MASTER_KEYS: OLD });
    const to = configWith({ ...hsm.env(['hsm-a']), WALLET_MASTER_KEYS: OLD });
    const onlyHsm = configWith(hsm.env(['hsm-a']));
    await rotateAndCheck(from, to, onlyHsm, 'hsm-a', 'env1');
    // New wallets are sealed by the HSM too.
    const deps = { db: database.db, config: onlyHsm };
    const [late] = await createUsers(deps, '7200', ['late']);
    await ensureWalletForUser(deps, late as { xUserId: string });
    expect(await walletCountsByKeyId(database.db)).toEqual({ 'hsm-a': WALLETS + 1 });
  });

  it('HSM → a new HSM key', async () => {
    const onHsmA = configWith({ ...hsm.env(['hsm-a']), WALLET_MASTER_KEYS: OLD });
    await rotateWalletKeys({ db: database.db, config: onHsmA });
    const from = configWith(hsm.env(['hsm-a']));
    const to = configWith(hsm.env(['hsm-b', 'hsm-a']));
    const onlyB = configWith(hsm.env(['hsm-b']));
    await rotateAndCheck(from, to, onlyB, 'hsm-b', 'hsm-a');
  });
});
