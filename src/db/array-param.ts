import { type SQL, sql } from 'drizzle-orm';

/**
 * A list as ONE parameter: `= any(${anyOf(ids, 'uuid')})`. Unlike `in ($1, …, $n)` the statement's
 * text does not change with the list's length, so a batched statement (batch.ts) is one text
 * whatever its size, with one parameter to serialize and bind instead of n (decision
 * 0031, second round).
 *
 * The list goes as PostgreSQL's array literal (text), which both drivers pass through unchanged
 * (node-postgres would turn a JS array into the same literal; PGlite has no array serializer).
 * Every element is double-quoted with `"` and `\` escaped, so any string is taken as itself
 * (a comma, a brace or the word NULL included); null is the unquoted NULL.
 */
export function arrayLiteral(values: readonly (string | null)[]): string {
  return `{${values.map((v) => (v === null ? 'NULL' : `"${v.replace(/["\\]/g, '\\$&')}"`)).join(',')}}`;
}

export type ArrayElement = 'uuid' | 'text' | 'bigint' | 'integer' | 'jsonb';

/** `any(<array parameter>::type[])`, for `column = any(…)`. */
export function anyOf(values: readonly string[], type: ArrayElement): SQL {
  return sql`any(${arrayLiteral(values)}::${sql.raw(type)}[])`;
}

/** The array parameter itself, cast (for `unnest(…)`). */
export function arrayOf(values: readonly (string | null)[], type: ArrayElement): SQL {
  return sql`${arrayLiteral(values)}::${sql.raw(type)}[]`;
}
