import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureWalletForUser, getWalletByUser } from '@/core/wallets/index.ts';
import { withWalletSigningKey } from '@/core/wallets/signing-key.ts';
import { type Database, openDatabase } from '@/db/client.ts';
import { dagAddressFromPublicKey } from '@/integrations/constellation/index.ts';
import { loadConfig } from '@/main/config.ts';
import { createUser } from '../../../support/factories.ts';
import { createScratchPostgres } from '../../../support/test-db.ts';

/**
 * The backup and restore steps of docs/OPERATIONS.md, run as written: a wallet made before the
 * backup is there after the restore, and its key still signs (database and keys restored apart).
 */
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'upsider-backup-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const configFor = (dataDir: string) => loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir });

/** A user with a wallet in `database`; returns the wallet's address. */
async function makeWallet(database: Database, dataDir: string) {
  const deps = { db: database.db, config: configFor(dataDir) };
  await createUser(deps, { xUserId: '4242', username: 'backed_up' });
  return (await ensureWalletForUser(deps, { xUserId: '4242' })).dagAddress;
}

/** The restored wallet's address, as its decrypted key derives it (proves the key still opens). */
async function restoredAddress(database: Database, dataDir: string) {
  const deps = { db: database.db, config: configFor(dataDir) };
  const wallet = await getWalletByUser(deps, { xUserId: '4242' });
  if (!wallet) return null;
  return withWalletSigningKey(deps, wallet.id, (_key, publicKey) =>
    dagAddressFromPublicKey(publicKey),
  );
}

const copyKeys = (from: string, to: string) => {
  for (const file of ['master.key', 'x-token-keys.json']) {
    if (fs.existsSync(path.join(from, file))) {
      fs.copyFileSync(path.join(from, file), path.join(to, file));
      fs.chmodSync(path.join(to, file), 0o600);
    }
  }
};

describe('backups and restores (docs/OPERATIONS.md)', () => {
  it('embedded: tar of the stopped data folder, keys kept apart, restored into a new folder', async () => {
    const live = path.join(tmp, 'live');
    const keyBackup = path.join(tmp, 'keys');
    const restored = path.join(tmp, 'restored');
    fs.mkdirSync(keyBackup, { mode: 0o700 });
    const database = await openDatabase({ dataDir: live });
    const address = await makeWallet(database, live);
    await database.close(); // "stop the server"
    const archive = path.join(tmp, 'upsider.tgz');
    execFileSync('tar', ['-C', live, '-czf', archive, 'pglite']);
    copyKeys(live, keyBackup);

    fs.mkdirSync(restored, { mode: 0o700 });
    execFileSync('tar', ['-C', restored, '-xzf', archive]);
    copyKeys(keyBackup, restored);
    const back = await openDatabase({ dataDir: restored });
    try {
      expect(await restoredAddress(back, restored)).toBe(address);
    } finally {
      await back.close();
    }
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'PostgreSQL: pg_dump of the running database, pg_restore into an empty one',
    async () => {
      const adminUrl = process.env.TEST_DATABASE_URL!;
      const keysDir = path.join(tmp, 'pg-keys');
      const source = await createScratchPostgres(adminUrl, 'upsider_backup');
      const target = await createScratchPostgres(adminUrl, 'upsider_restore');
      try {
        const address = await makeWallet(source, keysDir);
        const dump = path.join(tmp, 'upsider.dump');
        execFileSync('pg_dump', ['--format=custom', `--file=${dump}`, source.url]);
        // The restore target must be empty: drop what opening it migrated, then restore.
        const client = new pg.Client({ connectionString: target.url });
        await client.connect();
        await client.query('drop schema public cascade; drop schema if exists drizzle cascade;');
        await client.query('create schema public');
        await client.end();
        execFileSync('pg_restore', ['--no-owner', `--dbname=${target.url}`, dump]);
        expect(await restoredAddress(target, keysDir)).toBe(address);
      } finally {
        await source.close();
        await target.close();
      }
    },
  );
});
