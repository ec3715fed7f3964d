import { PGlite, type QueryOptions } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDrizzleTextTypesOnce } from '@/db/pglite-parsers.ts';
import { testDbKind } from '../../support/test-db.ts';

// Every type drizzle reads as text, plus neighbours it leaves to PGlite, in and out of arrays.
const ROW = sql`select timestamp '2026-01-02 03:04:05.678' as ts,
  timestamptz '2026-01-02 03:04:05.678+00' as tstz, interval '1 day 2 hours' as iv,
  date '2026-01-02' as d, 1.25::numeric as n, array[1.25]::numeric[] as na,
  array[timestamp '2026-01-02 03:04:05']::timestamp[] as tsa,
  array[timestamptz '2026-01-02 03:04:05+00']::timestamptz[] as tstza,
  array[interval '1 day']::interval[] as iva, array[date '2026-01-02']::date[] as da,
  42::int8 as big, array[1, 2]::int4[] as ints, '{"a": 1}'::jsonb as j, true as b`;

// PGlite only: made in beforeAll, so the integration-postgres pass (skipped) starts none.
let plain: PGlite;
let wrapped: PGlite;

describe.skipIf(testDbKind !== 'pglite')('PGlite read with drizzle text types set once', () => {
  beforeAll(() => {
    plain = new PGlite();
    wrapped = new PGlite();
  });
  afterAll(async () => {
    await plain.close();
    await wrapped.close();
  });

  it('reads every value as drizzle with per-query parsers does, in and out of transactions', async () => {
    await Promise.all([plain.waitReady, wrapped.waitReady]);
    const before = drizzle({ client: plain });
    const after = drizzle({ client: readDrizzleTextTypesOnce(wrapped) });
    const expected = (await before.execute(ROW)).rows;
    expect(expected[0]?.tstz).toBe('2026-01-02 03:04:05.678+00');
    expect((await after.execute(ROW)).rows).toEqual(expected);
    expect(await after.transaction(async (tx) => (await tx.execute(ROW)).rows)).toEqual(expected);
  }, 60_000); // two PGlite instances start here

  it('no longer asks PGlite to copy its parser table per query', async () => {
    const seen: unknown[] = [];
    const spy = new Proxy(wrapped, {
      get: (t, p) =>
        p === 'query'
          ? (text: string, params?: unknown[], options?: QueryOptions) => {
              seen.push(options?.parsers);
              return t.query(text, params, options);
            }
          : Reflect.get(t, p, t),
    });
    await drizzle({ client: readDrizzleTextTypesOnce(spy) }).execute(sql`select 1`);
    expect(seen).toEqual([undefined]);
  });
});
