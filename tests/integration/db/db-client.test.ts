import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageViews } from '@/db/schema/index.ts';
import { waitRealMs } from '../../support/real-time.ts';
import { createTestDatabase, testDbKind } from '../../support/test-db.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('database client', () => {
  it('applies the migrations and round-trips a row', async () => {
    await database.db.insert(pageViews).values({ path: '/x' });
    const rows = await database.db.select().from(pageViews);
    expect(rows.map((r) => r.path)).toContain('/x');
  });

  // PGlite has no server connections to lose.
  it.skipIf(testDbKind !== 'postgres')(
    'survives the server ending idle connections, then reconnects',
    async () => {
      await database.db.execute(sql`select 1`);
      const unhandled: unknown[] = [];
      const onError = (err: unknown) => unhandled.push(err);
      process.on('uncaughtException', onError);
      try {
        const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
        await admin.connect();
        const dbName = new URL(database.url!).pathname.slice(1);
        await admin.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [dbName],
        );
        await admin.end();
        await waitRealMs(
          200,
          'database: the terminated connections’ errors arrive in their own time',
        );
        expect(unhandled).toEqual([]);
        const rows = await database.db.select().from(pageViews);
        expect(rows.length).toBeGreaterThan(0);
      } finally {
        process.off('uncaughtException', onError);
      }
    },
  );
});
