import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.ts';
import { releaseTransactionClients } from './pg-transactions.ts';
import { readDrizzleTextTypesOnce } from './pglite-parsers.ts';
import { statementsTakeTurns } from './pglite-turns.ts';
import { projectRoot } from './project-root.ts';
import * as schema from './schema/index.ts';

/**
 * PGlite runs PostgreSQL in WebAssembly, whose memory grows but never shrinks: PostgreSQL's
 * default of 128 MB of shared buffers made up a third of the server's idle
 * footprint (decision 0030: 450 → 355 MiB RSS idle on the compiled server, same ledger throughput
 * in `npm run bench`). The embedded data is small and the OS caches its files anyway.
 */
const PGLITE_MEMORY = {
  postgresqlconf: [
    // Emscripten zeroes PostgreSQL's shared memory, so all of it is resident from the first
    // query: 32 → 16 MB is 16 MiB less RSS (decision 0030).
    'shared_buffers = 16MB',
    'work_mem = 2MB',
    'maintenance_work_mem = 16MB',
    'temp_buffers = 2MB',
  ],
};

/** A throwaway cluster's WAL (openDatabase's `smallWal`): the 1 MB minimum, old segments removed. */
const SMALL_WAL = {
  initDbStartParams: ['--wal-segsize=1'],
  postgresqlconf: [...PGLITE_MEMORY.postgresqlconf, 'min_wal_size = 2MB', 'wal_recycle = off'],
};

/** The one database type every query function takes: the same code runs on PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** What `db.transaction(fn)` hands `fn`; it is a `Db` as far as any query function can tell. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * A handle a query function runs its statements on: the database, or a caller's transaction.
 * Both drivers' databases and their transactions satisfy it as they are — no cast is needed to
 * pass one along (decision 0060).
 */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** Applies another migration set (e.g. the sandbox's) to the same database. */
  applyMigrations(set: { folder: string; table: string }): Promise<void>;
}

/** The advisory lock a starting process holds while it migrates (one migrates, the rest wait). */
export const MIGRATION_LOCK_KEY = 7411001;

/** PostgreSQL: the pool that holds advisory locks for `db` (see openDatabase). */
const lockPools = new WeakMap<object, pg.Pool>();
export const lockPoolOf = (db: Db): pg.Pool | undefined => lockPools.get(db);

const migrationsFolder = path.join(projectRoot(), 'drizzle');

/** Where PGlite keeps its cluster inside a data folder (~1,400 files). */
export const pgliteDir = (dataDir: string) => path.join(dataDir, 'pglite');

const keepErrorsOff = (client: pg.PoolClient) => client.on('error', () => {});

/**
 * Opens the database and applies pending migrations.
 * - `url` set: a PostgreSQL server (several processes may share it).
 * - otherwise: embedded PGlite; `dataDir` on disk, or in memory when `dataDir` is 'memory://'.
 *   `loadDataDir` starts it from a dump (PGlite's `dumpDataDir`) instead of an empty cluster:
 *   tests open a migrated template that way, skipping initdb and the migrations (decision 0062).
 *   `smallWal` makes a new cluster with 1 MB WAL segments that are removed, not kept for reuse:
 *   its dump is ~25 MB smaller (the tests' template, decision 0083). Fixed when the cluster is
 *   made; the product's own clusters keep PostgreSQL's 16 MB.
 */
export async function openDatabase(opts: {
  url?: string;
  dataDir?: string;
  loadDataDir?: Blob;
  smallWal?: boolean;
}): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: 10 });
    // An idle client whose server connection ends (server restart, admin termination) emits
    // 'error'; without a listener that would crash the process. pg drops that client from the
    // pool and the next query opens a fresh connection, so there is nothing else to do.
    pool.on('error', () => {});
    // The same for a client that is checked out but between statements (a transaction awaiting
    // something else, a held advisory-lock connection): pg emits that on the client, and no
    // listener crashed every process at once on a PostgreSQL restart (faults bench, decision
    // 0064). The client's next statement fails and the pool discards it on release.
    pool.on('connect', keepErrorsOff);
    const nodePgDb = drizzleNodePg(pool, { schema });
    releaseTransactionClients(nodePgDb, pool);
    const db: Db = nodePgDb;
    // Several API processes may start at once: one migrates, the others wait on the lock.
    const applyMigrations = async (set: { folder: string; table: string }) => {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migrateNodePg(drizzleNodePg(client), {
          migrationsFolder: set.folder,
          migrationsTable: set.table,
        });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
        client.release();
      }
    };
    await applyMigrations({ folder: migrationsFolder, table: '__drizzle_migrations' });
    // Session advisory locks (core/transfers/legs/source-lock.ts) are held on connections of their
    // own, so the statements run under them go through `pool`, shared with other transfers
    // (decision 0031), and locks can never take every connection those statements need.
    const lockPool = new pg.Pool({ connectionString: opts.url, max: 32, idleTimeoutMillis: 5_000 });
    lockPool.on('error', () => {});
    lockPool.on('connect', keepErrorsOff);
    lockPools.set(db, lockPool);
    const close = async () => {
      await lockPool.end();
      await pool.end();
    };
    return { db, kind: 'postgres', close, applyMigrations };
  }
  const dataDir = opts.dataDir ?? 'memory://';
  const inMemory = dataDir.startsWith('memory://');
  if (!inMemory) fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  // One process per embedded data folder (a second one would silently lose writes).
  const unlock = inMemory ? () => {} : lockDataDir(dataDir);
  compileWasmOnOneThread();
  let client: PGlite;
  try {
    client = new PGlite({
      dataDir: inMemory ? undefined : pgliteDir(dataDir),
      loadDataDir: opts.loadDataDir,
      // Trigram indexes (premium user search, migration 0016).
      extensions: { pg_trgm },
      ...PGLITE_MEMORY,
      ...(opts.smallWal ? SMALL_WAL : {}),
    });
    await client.waitReady;
  } catch (err) {
    unlock();
    throw err;
  }
  const driver = statementsTakeTurns(readDrizzleTextTypesOnce(client));
  const db: Db = drizzlePglite({ client: driver, schema });
  const applyMigrations = async (set: { folder: string; table: string }) => {
    await migratePglite(drizzlePglite({ client: driver }), {
      migrationsFolder: set.folder,
      migrationsTable: set.table,
    });
  };
  await applyMigrations({ folder: migrationsFolder, table: '__drizzle_migrations' });
  const close = async () => {
    await client.close();
    unlock();
  };
  return { db, kind: 'pglite', close, applyMigrations };
}

/**
 * V8 compiles PGlite's WebAssembly (PostgreSQL, ~9 MB) with up to 128 background tasks. On a
 * machine of a few cores they only contend, and each thread keeps its own malloc arena after:
 * one task opened PGlite 0.5–0.8 s sooner and left ~25 MiB less RSS (decision 0030). A process-wide
 * V8 flag, read when a module compiles; PGlite is this process's only WebAssembly.
 */
let wasmFlagSet = false;
function compileWasmOnOneThread() {
  if (wasmFlagSet) return;
  wasmFlagSet = true;
  v8.setFlagsFromString('--wasm-num-compilation-tasks=1');
}

export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
