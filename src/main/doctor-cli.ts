import fs from 'node:fs';
import path from 'node:path';
import { type Database, openDatabase } from '@/db/client.ts';
import { loadConfigOrExit } from './config.ts';
import { formatRows, runChecks } from './doctor/check.ts';
import { doctorChecks } from './doctor/checks.ts';
import { doctorDeps } from './doctor/doctor-deps.ts';
import { createLogger } from './logger.ts';

/**
 * `npm run doctor`: reads the configuration (production refusals print first), makes one
 * read-only call to each configured service and prints what it saw, with the fix for each
 * failure. Exit 1 on any failure. In sandbox mode the twins live inside `npm start`: run it
 * against a running server.
 */
async function main() {
  const config = loadConfigOrExit();
  const logger = createLogger('silent');
  const { database, why } = await openIfThere(config);
  try {
    const deps = doctorDeps(config, database ? { db: database.db } : { db: null, why }, logger);
    const rows = await runChecks(doctorChecks(deps));
    console.info(
      `Upsider doctor: ${config.production ? 'production' : config.sandbox ? 'sandbox' : 'development'} settings\n`,
    );
    console.info(formatRows(rows));
    const failed = rows.filter((r) => r.ok === false).length;
    console.info(failed ? `\n${failed} check(s) failed.` : '\nEvery configured service answered.');
    process.exitCode = failed ? 1 : 0;
  } finally {
    await database?.close();
  }
}

/** The database, when it exists and this process may open it (never created by the doctor). */
async function openIfThere(config: {
  databaseUrl?: string;
  dataDir: string;
}): Promise<{ database: Database | null; why: string }> {
  if (!config.databaseUrl && !fs.existsSync(path.join(config.dataDir, 'pglite'))) {
    return {
      database: null,
      why: `no database in ${config.dataDir} yet (made at the first start)`,
    };
  }
  try {
    return {
      database: await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir }),
      why: '',
    };
  } catch (err) {
    if ((err as Error).name !== 'DataDirLockedError') throw err;
    return {
      database: null,
      why: 'npm start holds the embedded database (stop it, or use DATABASE_URL)',
    };
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
