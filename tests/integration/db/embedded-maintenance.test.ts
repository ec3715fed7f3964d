import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '@/db/client.ts';
import {
  maintainEmbeddedDatabase,
  startEmbeddedMaintenance,
  type TableActivity,
  upkeepDue,
} from '@/db/embedded-maintenance.ts';
import { testDbKind } from '../../support/test-db.ts';

const quiet: TableActivity = {
  schema: 'public',
  table: 't',
  estimatedRows: 10_000,
  deadRows: 0,
  insertedSinceVacuum: 0,
  modifiedSinceAnalyze: 0,
};

describe('upkeepDue: autovacuum thresholds', () => {
  it('vacuums past 50 + 20% dead rows, analyzes past 50 + 10% changed rows, else nothing', () => {
    expect(upkeepDue(quiet)).toBeNull();
    expect(upkeepDue({ ...quiet, deadRows: 2050 })).toBeNull();
    expect(upkeepDue({ ...quiet, deadRows: 2051 })).toBe('vacuum analyze');
    expect(upkeepDue({ ...quiet, modifiedSinceAnalyze: 1050 })).toBeNull();
    expect(upkeepDue({ ...quiet, modifiedSinceAnalyze: 1051 })).toBe('analyze');
    expect(upkeepDue({ ...quiet, insertedSinceVacuum: 3001 })).toBe('vacuum analyze');
  });

  it('a table never analyzed (reltuples -1) counts as empty', () => {
    expect(upkeepDue({ ...quiet, estimatedRows: -1, modifiedSinceAnalyze: 51 })).toBe('analyze');
  });
});

interface Stats {
  n_dead_tup: number;
  last_vacuum: unknown;
  last_analyze: unknown;
}

// PGlite only: the integration-postgres pass has nothing to add.
describe.skipIf(testDbKind !== 'pglite')(
  'maintainEmbeddedDatabase on PGlite on disk, as npm start runs it (no autovacuum there)',
  () => {
    let database: Database;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'upsider-upkeep-'));
    const stats = async (table: string) => {
      const r = await database.db.execute(sql`
      select n_dead_tup::int, last_vacuum, last_analyze from pg_stat_user_tables
      where relname = ${table}`);
      return (r as unknown as { rows: Stats[] }).rows[0] as Stats;
    };
    beforeAll(async () => {
      database = await openDatabase({ dataDir });
      await database.db.execute(sql`create table churned (id int primary key, n int)`);
      await database.db.execute(sql`create table "Quiet ""one""" (id int primary key)`);
      await database.db.execute(
        sql`insert into churned select g, 0 from generate_series(1, 500) g`,
      );
      await database.db.execute(sql`insert into "Quiet ""one""" values (1)`);
      await database.db.execute(sql`vacuum analyze churned`);
      await database.db.execute(sql`vacuum analyze "Quiet ""one"""`);
      // 500 rows updated 3 times: 1,500 dead row versions, far over 50 + 20% of 500.
      for (let i = 0; i < 3; i++) await database.db.execute(sql`update churned set n = n + 1`);
    });
    afterAll(async () => {
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it('vacuums and analyzes the churned table, leaves a quiet one (odd name and all) alone', async () => {
      // A backend publishes its table counts at most once a second, at its next statement.
      await expect
        .poll(async () => (await stats('churned')).n_dead_tup, { timeout: 5_000, interval: 200 })
        .toBeGreaterThan(1000);
      const quietBefore = await stats('Quiet "one"');
      const done = await maintainEmbeddedDatabase(database.db);
      expect(done.map((d) => [d.table, d.upkeep])).toContainEqual([
        'public.churned',
        'vacuum analyze',
      ]);
      expect(done.map((d) => d.table)).not.toContain('public.Quiet "one"');
      await expect.poll(() => stats('churned')).toMatchObject({ n_dead_tup: 0 });
      expect((await stats('churned')).last_vacuum).not.toBeNull();
      expect(await stats('Quiet "one"')).toEqual(quietBefore);
      // Nothing left over a threshold: the next round does nothing.
      expect(await maintainEmbeddedDatabase(database.db)).toEqual([]);
    });

    it('the job runs rounds on its interval and logs what it did', async () => {
      await database.db.execute(sql`update churned set n = n + 1`);
      await database.db.execute(sql`update churned set n = n + 1`);
      const logged: object[] = [];
      const job = startEmbeddedMaintenance(database.db, {
        intervalMs: 20,
        logger: {
          debug: (o) => logged.push(o),
          info: (o) => logged.push(o),
          warn: (o) => logged.push(o),
        },
      });
      await expect.poll(() => logged.length, { timeout: 5_000 }).toBeGreaterThan(0);
      await job.stop();
      expect(JSON.stringify(logged[0])).toContain('public.churned');
      await expect.poll(() => stats('churned')).toMatchObject({ n_dead_tup: 0 });
    });
  },
);
