import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * vitest globalSetup: every PostgreSQL database a test makes is dropped by the end of the run.
 * Each run names its scratch databases with an id of its own (test-db.ts reads it), so another
 * run on the same server is never mistaken for a leak. A database left behind fails the run,
 * naming it, and is dropped.
 */
export default function setup() {
  const run = randomBytes(3).toString('hex');
  // Set before the workers start, so each test file's process or thread inherits it.
  process.env.UPSIDER_TEST_RUN = run;
  return async () => {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) return;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ datname: string }>(
        'select datname from pg_database where datname like $1',
        [`%\\_${run}\\_%`],
      );
      for (const { datname } of rows) await admin.query(`drop database ${datname} with (force)`);
      if (rows.length > 0) {
        // vitest only logs an error thrown here; the exit code is what fails CI.
        process.exitCode = 1;
        throw new Error(
          `test databases left behind (a test did not close them): ${rows.map((r) => r.datname).join(', ')}`,
        );
      }
    } finally {
      await admin.end();
    }
  };
}
