import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitRealMs } from '../../support/real-time.ts';
import { createTestDatabase, testDbKind } from '../../support/test-db.ts';

/**
 * PostgreSQL restarted under load (issue 45 §2), as the faults bench emulates it: every
 * connection of the database terminated. A client checked out and between statements (a
 * transaction awaiting something else) must not crash the process with an unhandled 'error'
 * event; the statement fails, and the next one runs on a fresh connection.
 */
const onPostgres = testDbKind === 'postgres';
let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  if (onPostgres) database = await createTestDatabase();
}, 60_000);
afterAll(async () => {
  await database?.close();
});

async function terminateAll(name: string) {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [name],
    );
  } finally {
    await admin.end();
  }
}

describe.runIf(onPostgres)('connections terminated by the server', () => {
  it('a transaction between statements fails, the process lives, the next query runs', async () => {
    const name = new URL(database.url!).pathname.slice(1);
    const crashes: unknown[] = [];
    const onUncaught = (err: unknown) => crashes.push(err);
    process.on('uncaughtException', onUncaught);
    try {
      const tx = database.db.transaction(async (t) => {
        await t.execute(sql`select 1`);
        await terminateAll(name);
        // The socket's end arrives while the client is idle in the transaction.
        await waitRealMs(300, 'database: the server’s close reaches the socket in its own time');
        await t.execute(sql`select 2`);
      });
      await expect(tx).rejects.toThrow();
      const res = (await database.db.execute(sql`select 3 as n`)) as unknown as {
        rows: { n: number }[];
      };
      expect(res.rows[0]!.n).toBe(3);
    } finally {
      process.off('uncaughtException', onUncaught);
    }
    expect(crashes).toEqual([]);
  });
});
