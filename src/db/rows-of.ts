/**
 * The rows of a `db.execute(sql…)` result. Both drivers (node-postgres and PGlite) answer
 * `{ rows }`, but drizzle types the result per driver, and the one `Db` type the code shares
 * (client.ts) cannot say which.
 */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
