/**
 * The twin's hot statements as fixed SQL text, straight to the driver (decision 0032's
 * fourth round). Through drizzle each statement cost about as much CPU as PGlite's own work:
 * the query builder, `sql` chunk walking, and the `parsers` option drizzle always passes, for
 * which PGlite copies its whole table of type parsers on every call. Here the text is written
 * once per call site with `$n` placeholders, arrays go as single parameters (`= any($n)`,
 * `unnest`), and int8 columns are selected `::text` so PGlite and node-postgres return the
 * same (a string, read with BigInt).
 */
export interface Statement {
  text: string;
  params: unknown[];
}

const texts = new WeakMap<TemplateStringsArray, string>();

/** `q\`… ${value} …\``: each interpolation is one parameter ($1, $2, … in order). */
export function q(strings: TemplateStringsArray, ...params: unknown[]): Statement {
  let text = texts.get(strings);
  if (text === undefined) {
    text = strings.reduce((all, part, i) => `${all}$${i}${part}`);
    texts.set(strings, text);
  }
  return { text, params };
}

/** A drizzle database or transaction (ledger.ts's DbOrTx; not imported: ledger.ts imports this). */
type DbOrTx = object;

interface Client {
  query(text: string, params: unknown[]): Promise<{ rows: unknown[] }>;
  /** PGlite only (its instance and its transactions). */
  exec?: unknown;
}

/**
 * The driver's client under a drizzle handle: the PGlite instance or its open transaction, the
 * node-postgres pool or the transaction's connection. Inside a transaction it must be that
 * transaction's (on PGlite another call would wait for the transaction to end).
 */
function clientOf(db: DbOrTx): Client {
  const client = (db as unknown as { session?: { client?: Client } }).session?.client;
  if (!client?.query) throw new Error('raw-sql: no driver client under this drizzle handle');
  return client;
}

/**
 * PGlite: one connection in this process, and a transaction holds it alone, so nothing can
 * write between two statements of a transaction (no lock can be waited for either).
 */
export const singleConnection = (db: DbOrTx) => typeof clientOf(db).exec === 'function';

export async function rows<T>(db: DbOrTx, statement: Statement): Promise<T[]> {
  return (await clientOf(db).query(statement.text, statement.params)).rows as T[];
}

export async function run(db: DbOrTx, statement: Statement): Promise<void> {
  await clientOf(db).query(statement.text, statement.params);
}

/** One array parameter; bigints as decimal text (cast in the SQL). */
export const list = (values: readonly (string | bigint)[]) =>
  values.map((v) => (typeof v === 'bigint' ? v.toString() : v));
