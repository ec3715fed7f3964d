import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '@/db/client.ts';

/** Where test-db.ts finds this run's templates (set before the workers start; they inherit it). */
export const PGLITE_TEMPLATE_ENV = 'UPSIDER_TEST_PGLITE_TEMPLATE';
export const POSTGRES_TEMPLATE_ENV = 'UPSIDER_TEST_POSTGRES_TEMPLATE';

/**
 * vitest globalSetup, once per project: the product's migrations run ONCE into a template, and
 * every test file copies it instead of migrating a database of its own (decision 0062). Opening
 * a PGlite went from initdb + 34 migrations (~2–3 s) to loading a dump (~0.4 s); PostgreSQL
 * from `create database` + migrations to `create database … template`. The template's name is
 * unique to this run (two runs on one machine never share one) and it is removed at teardown.
 * Projects that open no database (unit, contract) make none.
 */
export default async function setup(project: TestProject) {
  // Off: every file migrates its own database, as before (to measure the difference).
  if (process.env.UPSIDER_TEST_TEMPLATE === 'off') return;
  const kind = project.config.env?.TEST_DB;
  if (kind === 'pglite') return pgliteTemplate();
  if (kind === 'postgres' && process.env.TEST_DATABASE_URL) {
    return postgresTemplate(process.env.TEST_DATABASE_URL);
  }
}

/** A migrated in-memory PGlite, dumped to a file each worker loads. */
async function pgliteTemplate() {
  const file = path.join(os.tmpdir(), `upsider-test-template-${runTag()}.tar`);
  fs.writeFileSync(file, await migratedPgliteDump(), { mode: 0o600 });
  process.env[PGLITE_TEMPLATE_ENV] = file;
  return () => {
    delete process.env[PGLITE_TEMPLATE_ENV];
    fs.rmSync(file, { force: true });
  };
}

/**
 * The product's migrations applied to an empty PGlite, as PGlite's uncompressed dump. Every
 * test file loads it, so it is kept small (decision 0083): 1 MB WAL segments with the old ones
 * removed (the 16 MB default segment was 39 % of the dump), and no template0/template1 — the
 * tests' clusters never create a database, and loading those two was another 15 MB and 600
 * files. 43 → 18 MB; a load takes about half the CPU.
 */
export async function migratedPgliteDump(): Promise<Uint8Array<ArrayBuffer>> {
  const database = await openDatabase({ dataDir: 'memory://', smallWal: true });
  try {
    // drizzle keeps its client as `$client`: a proxy over the PGlite (readDrizzleTextTypesOnce).
    const client = (database.db as unknown as { $client: PGlite }).$client;
    for (const name of ['template0', 'template1']) {
      await client.exec(`alter database ${name} is_template false`);
      await client.exec(`drop database ${name}`); // alone: not inside a transaction block
    }
    // The segments the migrations filled are removed at a checkpoint once WAL has moved past them.
    for (const step of ['checkpoint', 'select pg_switch_wal()', 'checkpoint'])
      await client.exec(step);
    // Uncompressed: the file lives for one run only, and every load skips a gunzip.
    return new Uint8Array(await (await client.dumpDataDir('none')).arrayBuffer());
  } finally {
    await database.close();
  }
}

async function postgresTemplate(adminUrl: string) {
  const name = `upsider_template_${runTag()}`;
  await createMigratedPostgres(adminUrl, name);
  process.env[POSTGRES_TEMPLATE_ENV] = name;
  return async () => {
    delete process.env[POSTGRES_TEMPLATE_ENV];
    await dropPostgres(adminUrl, name);
  };
}

/** A migrated PostgreSQL database no one stays connected to, so `create database … template` may copy it. */
export async function createMigratedPostgres(adminUrl: string, name: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  // Closed now: a copy fails while anyone is connected to its template.
  await database.close();
}

export async function dropPostgres(adminUrl: string, name: string) {
  const dropper = new pg.Client({ connectionString: adminUrl });
  await dropper.connect();
  try {
    await dropper.query(`drop database if exists ${name} with (force)`);
  } finally {
    await dropper.end();
  }
}

/** This run's id (leak-check.ts) plus a nonce: unique per run and per project on this machine. */
function runTag() {
  return `${process.env.UPSIDER_TEST_RUN ?? 'adhoc'}_${randomBytes(4).toString('hex')}`;
}
