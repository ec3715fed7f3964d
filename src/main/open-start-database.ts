import { openDatabase } from '@/db/client.ts';
import { existingPgliteTemplate } from '@/db/pglite-template.ts';
import type { Config } from './config.ts';
import { secureDataDir } from './secure-data-dir.ts';

/**
 * Secures the data folder and opens the database (migrations applied). Its own module, so
 * server.ts can begin opening PGlite (WebAssembly compiled off the main thread) while the rest
 * of the product's modules still load (decision 0025). On a first start under `npm start` the
 * data folder starts as a copy of the migrated template made beside the build (decision 0069).
 */
export async function openStartDatabase(config: Config) {
  secureDataDir(config.dataDir);
  const template = await pgliteTemplateFromStart();
  return openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, template });
}

/**
 * The template `npm start` made (scripts/start.mjs) for a data folder without a database, once
 * it is made; null otherwise (no start script, a database already there, or it failed).
 */
async function pgliteTemplateFromStart(): Promise<string | null> {
  const making = (globalThis as { upsiderPgliteTemplate?: Promise<void> | null })
    .upsiderPgliteTemplate;
  if (!making) return null;
  await making;
  try {
    return existingPgliteTemplate();
  } catch {
    // Without it the database is made as ever (initdb and the migrations).
    return null;
  }
}
