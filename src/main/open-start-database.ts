import { openDatabase, pgliteDir } from '@/db/client.ts';
import type { Config } from './config.ts';
import { secureDataDir } from './secure-data-dir.ts';

/**
 * Secures the data folder and opens the database (migrations applied). Its own module, so
 * server.ts can begin opening PGlite (WebAssembly compiled off the main thread) while the rest
 * of the product's modules still load (decision 0025).
 */
export function openStartDatabase(config: Config, opts: { tightenDatabaseLater?: boolean } = {}) {
  // The database's own files (PGlite's ~1,400) are left to a caller that tightens them once it
  // is started (bootstrap, after ready): the walk took 15 ms of the start quiet, 80 ms on a busy
  // machine, and the folder itself is 0700 from here on (decision 0081).
  const except = opts.tightenDatabaseLater ? pgliteDir(config.dataDir) : undefined;
  secureDataDir(config.dataDir, { except });
  return openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
}
