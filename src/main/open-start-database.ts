import { openDatabase } from '@/db/client.ts';
import type { Config } from './config.ts';
import { secureDataDir } from './secure-data-dir.ts';

/**
 * Secures the data folder and opens the database (migrations applied). Its own module, so
 * server.ts can begin opening PGlite (WebAssembly compiled off the main thread) while the rest
 * of the product's modules still load (decision 0025).
 */
export function openStartDatabase(config: Config) {
  secureDataDir(config.dataDir);
  return openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
}
