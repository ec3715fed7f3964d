import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitRealMs } from '../../support/real-time.ts';
import { createTestDatabase, testDbKind } from '../../support/test-db.ts';

/**
 * PostgreSQL restarted under load (issue 45 §2), as the faults bench emulates it: every
 * connection of the database terminated. A client checked out and between statements (a
 * transaction awaiting something else) must not crash the process with an unhandled 'error'
 * event; the statement fails, and the next one runs on a fresh connection. And no client stays
 * checked out after its connection died: `close()` ends the pools (decision 0073).
 */
const onPostgres = testDbKind === 'postgres';
let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  if (onPostgres) database = await createTestDatabase();
}, 60_000);
afterAll(async () => {
  await database?.close();
});

async function adminQuery(text: string, values: unknown[] = []) {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    return await admin.query(text, values);
  } finally {
    await admin.end();
  }
}

const terminateAll = (name: string) =>
  adminQuery(
    'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
    [name],
  );

/** `promise`'s outcome, or 'pending' when it has not settled within `ms`. */
const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([
    promise.then(() => 'done' as const),
    waitRealMs(ms, 'database: the bound on a close the server may hold').then(
      () => 'pending' as const,
    ),
  ]);

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

  it('close() ends the pools after every connection was terminated under transactions', async () => {
    // A database of its own: this test closes it.
    const own = await createTestDatabase();
    const name = new URL(own.url!).pathname.slice(1);
    let loading = true;
    let attempts = 0;
    // Transactions on every connection of the pool, as the agent's loops and the queue run them.
    const loops = Array.from({ length: 12 }, async () => {
      while (loading) {
        attempts++;
        await own.db.transaction((t) => t.execute(sql`select 1`)).catch(() => {});
      }
    });
    let stalled = false;
    try {
      // Terminate everything again and again, each time once the load has moved on (so the
      // terminations meet statements of every kind: BEGIN, the body, COMMIT). A pool whose
      // clients all leaked stops the load: no progress within a few seconds ends the loop.
      for (let i = 0; i < 10 && !stalled; i++) {
        await terminateAll(name);
        const seen = attempts;
        const until = Date.now() + 5_000;
        while (attempts < seen + 12 && !stalled) {
          await waitRealMs(1, 'database: let the server terminate and the pool see it');
          stalled = Date.now() > until;
        }
      }
    } finally {
      loading = false;
    }
    const finished = await within(Promise.all(loops), 5_000);
    const closed = await within(own.close(), 5_000);
    // A hung close leaves the database behind: drop it by force so the run stays clean.
    if (closed === 'pending') await adminQuery(`drop database if exists ${name} with (force)`);
    expect({ stalled, finished, closed }).toEqual({
      stalled: false,
      finished: 'done',
      closed: 'done',
    });
  }, 60_000);
});
