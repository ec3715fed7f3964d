import { PGlite, type QueryOptions, types } from '@electric-sql/pglite';

/**
 * The types drizzle-orm/pglite asks to get raw (as text) with every query. PGlite merges a
 * query's `parsers` into a copy of its ~300-entry table on every call: ~0.1 ms of CPU per
 * statement, as much as a `select 1` itself (issue 11, decision 0031 second round).
 */
const DRIZZLE_RAW_TYPES = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
];
const raw = (value: string) => value;

/**
 * PGlite as drizzle uses it, without that copy: the instance's own table already reads these
 * types raw, so a query whose `parsers` ask only for that goes without them (same values, no
 * copy). Only drizzle queries this client (every query passes those parsers), and the table is
 * checked on each call (PGlite rebuilds array parsers when it refreshes its array types).
 */
export class DrizzlePGlite extends PGlite {
  override query<T>(query: string, params?: unknown[], options?: QueryOptions) {
    const asked = options?.parsers;
    if (asked && Object.keys(asked).every((oid) => DRIZZLE_RAW_TYPES.includes(Number(oid)))) {
      const own = this.parsers as Record<number, unknown>;
      for (const oid of DRIZZLE_RAW_TYPES) if (own[oid] !== raw) own[oid] = raw;
      const { parsers: _, ...rest } = options;
      return super.query<T>(query, params, rest);
    }
    return super.query<T>(query, params, options);
  }
}
