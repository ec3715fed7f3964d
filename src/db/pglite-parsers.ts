import type { PGlite, Transaction } from '@electric-sql/pglite';

/**
 * drizzle-orm's PGlite session passes its own `parsers` with every query (timestamps, dates,
 * intervals and their arrays, and numeric[], read as text: drizzle maps them itself). PGlite then
 * merges them into a copy of its whole parser table (~320 entries once array types are loaded)
 * for every result: ~0.13–0.24 ms per statement here, more than a small statement itself
 * (decision 0031). So the same parsers are set once on the client; the per-query copy is dropped.
 * Everything reading this database through drizzle sees the same values as before; a raw
 * `client.query` on it reads those types as text too.
 */
const TEXT_TYPES = [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182];
const asText = (value: string) => value;

type Query = PGlite['query'];

const withoutParsers =
  (query: Query): Query =>
  (text, params, options) =>
    query(text, params, options?.parsers ? { ...options, parsers: undefined } : options);

/** Call after `waitReady` (PGlite sets the array types' parsers while it starts). */
export function readDrizzleTextTypesOnce(client: PGlite): PGlite {
  for (const oid of TEXT_TYPES) client.parsers[oid] = asText;
  const query = withoutParsers(client.query.bind(client));
  const transaction = <T>(fn: (tx: Transaction) => Promise<T>) =>
    client.transaction((tx) => fn(txWithoutParsers(tx)));
  return new Proxy(client, {
    get(target, prop) {
      if (prop === 'query') return query;
      if (prop === 'transaction') return transaction;
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

function txWithoutParsers(tx: Transaction): Transaction {
  return new Proxy(tx, {
    get(target, prop) {
      if (prop === 'query') return withoutParsers(target.query.bind(target) as Query);
      return Reflect.get(target, prop, target);
    },
  });
}
