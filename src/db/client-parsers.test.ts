import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './client.ts';

// client.ts's PGlite skips the per-query parser copy drizzle's options cause: every value must
// come back exactly as drizzle over a plain PGlite returns it.
describe('PGlite without the per-query parser copy', () => {
  let database: Database;
  let plain: PGlite;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
    plain = new PGlite();
    await plain.waitReady;
  });
  afterAll(async () => {
    await database.close();
    await plain.close();
  });

  const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;
  const query = sql`select timestamptz '2024-05-06 07:08:09.123456+00' as tz,
      timestamp '2024-05-06 07:08:09' as ts, date '2024-05-06' as d, interval '1 day 2 hours' as i,
      array[1.5, 2]::numeric[] as nums, array[timestamptz '2024-05-06 07:08:09+00'] as tzs,
      array[date '2024-05-06'] as ds, array[interval '1 hour'] as ivs,
      array[timestamp '2024-05-06 07:08:09'] as tss, 12345678901234::bigint as big,
      array[1, 2]::int[] as ints, '{"a": 1}'::jsonb as j, true as b, 1.25::numeric as n`;

  it('returns the same values as drizzle over a plain PGlite, raw and mapped', async () => {
    const ours = rowsOf(await database.db.execute(query));
    const theirs = rowsOf(await drizzle(plain).execute(query));
    expect(ours).toEqual(theirs);
    expect(typeof ours[0]!.tz).toBe('string');
    // A second query, after the table was set: still the same.
    expect(rowsOf(await database.db.execute(query))).toEqual(theirs);
    const now = rowsOf(await database.db.execute(sql`select now() as at`));
    expect(typeof now[0]!.at).toBe('string');
  });

  it('still parses what drizzle does not ask for (a query without parsers)', async () => {
    const db = database.db as unknown as { $client: PGlite };
    const result = await db.$client.query<{ n: number; b: boolean }>(
      'select 1::int as n, true as b',
    );
    expect(result.rows[0]).toEqual({ n: 1, b: true });
  });
});
