// The transfers bench's world: a product database, the network twin where BENCH_TWIN puts it,
// and funded senders. BENCH_DATABASE_URL (a PostgreSQL admin URL) or `postgresUrl` puts both
// databases on fresh PostgreSQL databases (dropped on close) instead of PGlite. The product's
// PGlite keeps its data in a fresh folder on disk, as `npm start` does (BENCH_PGLITE=memory: in
// memory); the network twin's stays in memory (a real network runs elsewhere).
// BENCH_UPKEEP_MS runs the embedded database's vacuum/analyze job (every minute in the product)
// on PGlite at that interval, to see what its rounds cost a long run.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TransferDeps } from '@/core/transfers/index.ts';
import { ensureWalletForUser } from '@/core/wallets/index.ts';
import { type Database, openDatabase } from '@/db/client.ts';
import { startEmbeddedMaintenance } from '@/db/embedded-maintenance.ts';
import { users } from '@/db/schema/index.ts';
import { createConstellationClient } from '@/integrations/constellation/index.ts';
import { loadConfig } from '@/main/config.ts';
import { createLogger } from '@/main/logger.ts';
import { sandboxConstellationClientConfig } from '@/sandbox/constellation/client-config.ts';
import { createScratchPostgres } from '../../tests/support/test-db.ts';
import {
  type BenchTwin,
  startTwinHere,
  startTwinInWorker,
  type TwinMode,
} from './constellation-twin.ts';

export const UP = 100_000_000n;

export interface LedgerWorld {
  database: Database;
  /** Where the product's data lives: 'on disk' | 'in memory' (PGlite) | 'PostgreSQL'. */
  storage: string;
  twin: BenchTwin;
  twinMode: TwinMode;
  deps: TransferDeps;
  /** X user ids of the funded senders, and the DAG address of each. */
  senders: { xUserId: string; address: string }[];
  close(): Promise<void>;
}

/** Where the product's PGlite keeps its data in this run. */
export const pgliteStorage = () =>
  process.env.BENCH_PGLITE === 'memory' ? 'in memory' : 'on disk';

export async function openLedgerWorld(opts: {
  senders: number;
  snapshotMs: number;
  twinMode: TwinMode;
  postgresUrl?: string;
}): Promise<LedgerWorld> {
  const open = async (role: string, dataDir: string): Promise<Database & { url?: string }> =>
    opts.postgresUrl
      ? createScratchPostgres(opts.postgresUrl, `upsider_bench_${role}`)
      : openDatabase({ dataDir });
  const onDisk = !opts.postgresUrl && pgliteStorage() === 'on disk';
  const productDir = onDisk
    ? fs.mkdtempSync(path.join(os.tmpdir(), 'upsider-bench-pglite-'))
    : 'memory://';
  const database = await open('product', productDir);
  const twinDatabase = opts.twinMode === 'shared' ? database : await open('twin', 'memory://');
  const twin =
    opts.twinMode === 'worker'
      ? await startTwinInWorker(opts.snapshotMs, twinDatabase.url)
      : await startTwinHere(twinDatabase, opts.snapshotMs);
  const config = loadConfig({
    NODE_ENV: 'test',
    WALLET_MASTER_KEYS: `bench:${randomBytes(32).toString('base64')}`,
  });
  const deps: TransferDeps = {
    config,
    db: database.db,
    logger: createLogger('silent'),
    constellation: createConstellationClient(sandboxConstellationClientConfig(twin.publicUrl)),
  };
  const senders: LedgerWorld['senders'] = [];
  for (let i = 0; i < opts.senders; i++) {
    const xUserId = String(9000 + i);
    await database.db.insert(users).values({ xUserId, username: `bench${i}`, displayName: 'b' });
    const wallet = await ensureWalletForUser(deps, { xUserId });
    await twin.faucet(wallet.dagAddress, 1_000n * UP);
    senders.push({ xUserId, address: wallet.dagAddress });
  }
  await twin.tick();
  const upkeepMs = Number(process.env.BENCH_UPKEEP_MS ?? 0);
  const upkeep =
    upkeepMs > 0 && database.kind === 'pglite'
      ? startEmbeddedMaintenance(database.db, { intervalMs: upkeepMs, logger: console })
      : null;
  return {
    database,
    storage: opts.postgresUrl ? 'PostgreSQL' : pgliteStorage(),
    twin,
    twinMode: opts.twinMode,
    deps,
    senders,
    async close() {
      await upkeep?.stop();
      await twin.stop();
      await database.close();
      if (twinDatabase !== database) await twinDatabase.close();
      if (onDisk) fs.rmSync(productDir, { recursive: true, force: true });
    },
  };
}
