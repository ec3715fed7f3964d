import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from './ledger.ts';

/**
 * The twin's hot statements as fixed SQL text (issue 11, decision 0032's fourth round): drizzle's
 * query builder and row mapping cost about as much CPU as PGlite's statement itself, so these go
 * through `execute` on the same handle (database or transaction), one statement text whatever
 * the number of items (arrays as single parameters: `= any($n)`, `unnest`). Results come back
 * as the driver gives them: int8 columns are selected `::text` so PGlite and node-postgres
 * return the same (a string, read with BigInt).
 */
export async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** One array parameter (a plain array in `sql` would become a list of parameters). */
export const list = (values: readonly (string | bigint)[]) =>
  sql.param(values.map((v) => (typeof v === 'bigint' ? v.toString() : v)));
