import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anyOf, arrayLiteral, arrayOf } from '@/db/array-param.ts';
import type { Database } from '@/db/client.ts';
import { createTestDatabase, testDbKind } from '../../support/test-db.ts';

// The integration project runs it on PGlite, integration-postgres on PostgreSQL.
describe(`array parameters (${testDbKind})`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('passes every string through as itself', async () => {
    const values = ['plain', 'a,b', '{x}', 'NULL', 'say "hi"', 'back\\slash', '', ' spaced '];
    const result = await database.db.execute(sql`select unnest(${arrayOf(values, 'text')}) as v`);
    expect((result as unknown as { rows: { v: string }[] }).rows.map((r) => r.v)).toEqual(values);
  });

  it('passes null as NULL, and JSON text as jsonb, element by element', async () => {
    const json = [{ a: 'say "hi"', b: 'back\\slash', n: [1, 2] }, { c: null }];
    const result = await database.db.execute(
      sql`select t, j from unnest(${arrayOf(['x', null, 'NULL'], 'text')}, ${arrayOf(
        [...json.map((j) => JSON.stringify(j)), null],
        'jsonb',
      )}) as u(t, j)`,
    );
    const rows = (result as unknown as { rows: { t: string | null; j: unknown }[] }).rows;
    expect(rows.map((r) => r.t)).toEqual(['x', null, 'NULL']);
    expect(rows.map((r) => r.j)).toEqual([...json, null]);
  });

  it('matches with = any(…), one parameter however many values', async () => {
    const ids = ['00000000-0000-0000-0000-000000000001', '00000000-0000-0000-0000-000000000002'];
    const result = await database.db.execute(
      sql`select count(*)::int as n from (values (${ids[1]}::uuid), ('00000000-0000-0000-0000-000000000003'::uuid)) as t(id) where t.id = ${anyOf(ids, 'uuid')}`,
    );
    expect((result as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
    expect(arrayLiteral([])).toBe('{}');
  });
});
