import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { type Database, openDatabase } from '@/db/client.ts';
import { PGLITE_TEMPLATE_ENV, POSTGRES_TEMPLATE_ENV } from './template-db.ts';

/**
 * Which database this test run uses. vitest.config.ts sets TEST_DB per project (`integration` on
 * PGlite, `integration-postgres` whenever TEST_DATABASE_URL is set); run outside those projects,
 * a TEST_DATABASE_URL alone means PostgreSQL.
 */
export const testDbKind =
  process.env.TEST_DB === 'pglite'
    ? 'pglite'
    : process.env.TEST_DB === 'postgres' || process.env.TEST_DATABASE_URL
      ? 'postgres'
      : 'pglite';

/**
 * A fresh, migrated database for one test file. On PostgreSQL it creates its own database
 * (so parallel runs never collide) and drops it on close. Both start as a copy of the run's
 * migrated template when there is one (template-db.ts); openDatabase's migrations then find
 * nothing to do. Without one (a script, a run outside the projects) they migrate from empty.
 */
export async function createTestDatabase(): Promise<Database & { url?: string }> {
  if (testDbKind === 'pglite') {
    return openDatabase({ dataDir: 'memory://', loadDataDir: pgliteTemplate() });
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  return createScratchPostgres(adminUrl, 'upsider_test', process.env[POSTGRES_TEMPLATE_ENV]);
}

/**
 * The run's migrated PGlite as a dump to start from (`openDatabase`'s loadDataDir, in memory or
 * in a data folder on disk), or undefined outside a run that made one: then it migrates. Read
 * once per worker: its files share the worker (decision 0068), and a Blob is never changed.
 */
let loadedTemplate: { file: string; blob: Blob } | undefined;
export function pgliteTemplate(): Blob | undefined {
  const file = process.env[PGLITE_TEMPLATE_ENV];
  if (!file || !fs.existsSync(file)) return undefined;
  if (loadedTemplate?.file !== file)
    loadedTemplate = { file, blob: new Blob([fs.readFileSync(file)]) };
  return loadedTemplate.blob;
}

/**
 * A new PostgreSQL database named `${prefix}_…` on `adminUrl`'s server, dropped on close; a copy
 * of `template` when given.
 */
export async function createScratchPostgres(
  adminUrl: string,
  prefix: string,
  template?: string,
): Promise<Database & { url: string }> {
  // The run's id (leak-check.ts) tells this run's databases from another run's.
  const run = process.env.UPSIDER_TEST_RUN ?? 'adhoc';
  const name = `${prefix}_${run}_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
    // A scratch database outlives no server crash, so its commits need not wait for the disk:
    // locking, visibility and every result are the same (decision 0083).
    await admin.query(`alter database ${name} set synchronous_commit = off`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  return {
    ...database,
    url: url.toString(),
    async close() {
      // Dropped even when closing the pools fails (a connection a test broke on purpose, say):
      // `with (force)` ends whatever is still connected.
      try {
        await database.close();
      } finally {
        const dropper = new pg.Client({ connectionString: adminUrl });
        await dropper.connect();
        await dropper.query(`drop database if exists ${name} with (force)`);
        await dropper.end();
      }
    },
  };
}
