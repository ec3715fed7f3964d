import { setImmediate as nextTurn } from 'node:timers/promises';
import type { PGlite, Transaction } from '@electric-sql/pglite';

type Query = PGlite['query'];

/** How long a chain of statements may keep the event loop before it gives it a turn. */
export const SLICE_MS = 10;

/**
 * PGlite runs each statement synchronously on the main thread and hands its result back as a
 * resolved promise, so a chain of statements (a worker's pass, the in-process twins it calls)
 * is nothing but microtasks: Node reads no socket and runs no timer until the whole chain ends.
 * After a restart the loops' first passes kept a readiness request unread for 2.5 s (load 9,
 * decision 0079). So a statement that comes SLICE_MS or more after the event loop's last turn
 * given here waits for one first (after its I/O): requests are read and answered between
 * statements (pages, polls and readiness from memory at once; a query joins PGlite's queue).
 * Not before every statement: a turn each slowed the ledger's closed loop (decision 0079).
 * Inside a transaction too: its lock is held either way, the rest of the process need not be.
 */
export function statementsTakeTurns(client: PGlite): PGlite {
  const query = takingTurns(client.query.bind(client));
  const transaction = <T>(fn: (tx: Transaction) => Promise<T>) =>
    turnIfDue().then(() => client.transaction((tx) => fn(txTakingTurns(tx))));
  return new Proxy(client, {
    get(target, prop) {
      if (prop === 'query') return query;
      if (prop === 'transaction') return transaction;
      return Reflect.get(target, prop, target);
    },
  });
}

let lastTurn = performance.now();

async function turnIfDue(): Promise<void> {
  if (performance.now() - lastTurn < SLICE_MS) return;
  await nextTurn();
  lastTurn = performance.now();
}

const takingTurns =
  (query: Query): Query =>
  (text, params, options) =>
    turnIfDue().then(() => query(text, params, options));

function txTakingTurns(tx: Transaction): Transaction {
  const query = takingTurns(tx.query.bind(tx) as Query);
  return new Proxy(tx, {
    get(target, prop) {
      if (prop === 'query') return query;
      return Reflect.get(target, prop, target);
    },
  });
}
