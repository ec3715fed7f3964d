import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { confirmTransfers, type TransferDeps, transfer } from '@/core/transfers/index.ts';
import { createConstellationClient } from '@/integrations/constellation/index.ts';
import { sandboxConstellationClientConfig } from '@/sandbox/constellation/client-config.ts';
import { UNITS_PER_TOKEN } from '@/shared/tokens.ts';
import { createTestApp } from './test-app.ts';

/*
 * Pieces of the disaster-recovery drill (tests/integration/main/production/operations-dr-drill.test.ts): the
 * product as one process on a PostgreSQL database, talking to the local Constellation network
 * over HTTP, and the database steps of docs/OPERATIONS.md run with the real pg_dump/pg_restore.
 */

/** One start of the product on `url`: its own pools and its own network client (fresh caches). */
export async function startProductOn(url: string, networkUrl: string, env: Record<string, string>) {
  const app = await createTestApp(env, { sharedDatabaseUrl: url });
  const constellation = createConstellationClient(
    sandboxConstellationClientConfig(networkUrl, { feeLessLimit: false }),
  );
  const deps: TransferDeps = { ...app.deps, constellation };
  return {
    ...app,
    deps,
    /** `tokens` DAG from one user to another, free tier, under `key`. */
    send: (key: string, from: string, to: string, tokens: bigint) =>
      transfer(deps, {
        from: { xUserId: from },
        to: { xUserId: to },
        token: 'DAG',
        amount: tokens * UNITS_PER_TOKEN,
        idempotencyKey: key,
        feeTier: 'free',
      }),
    confirm: () => confirmTransfers(deps),
  };
}

/** A new, empty PostgreSQL database on the server of `adminUrl` (no migrations: a restore target). */
export async function createEmptyPostgres(adminUrl: string, prefix: string) {
  const run = process.env.UPSIDER_TEST_RUN ?? 'adhoc';
  const name = `${prefix}_${run}_${Date.now()}_${randomBytes(4).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => dropPostgres(adminUrl, name) };
}

export const dropPostgres = (adminUrl: string, name: string) =>
  adminQuery(adminUrl, `drop database if exists ${name} with (force)`);

async function adminQuery(adminUrl: string, sql: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/** The backup step as docs/OPERATIONS.md writes it: pg_dump, custom format, of the running database. */
export const backUp = (url: string, file: string) =>
  execFileSync('pg_dump', ['--format=custom', `--file=${file}`, url]);

/** The restore step: pg_restore into an empty database. */
export const restore = (file: string, url: string) =>
  execFileSync('pg_restore', ['--no-owner', `--dbname=${url}`, file]);
