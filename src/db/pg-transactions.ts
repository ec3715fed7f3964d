import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import * as schema from './schema/index.ts';

type NodePgDb = NodePgDatabase<typeof schema>;

/**
 * Makes every `db.transaction` on PostgreSQL give its pool client back, whatever fails.
 *
 * drizzle 0.45's node-postgres `transaction()` checks a client out of the pool and sends BEGIN
 * before the try/finally that releases it: a BEGIN that fails (its connection terminated by a
 * PostgreSQL restart, say) leaves the client checked out for the life of the process
 * (drizzle-orm issues 6023, 6241, open). Under the faults bench's restart every client of the
 * pool leaked that way: the process's statements waited for ever and `pool.end()` never ended
 * (decision 0073). Here the client is checked out first and drizzle runs the same transaction on
 * it (given a client, drizzle takes none from a pool), and the finally below always releases it.
 * A client not back to idle (a ROLLBACK that failed, a dead socket) is destroyed, not reused.
 */
export function releaseTransactionClients(db: NodePgDb, pool: pg.Pool): void {
  // One drizzle per pool client (the pool reuses them), not one per transaction.
  const onClient = new WeakMap<pg.PoolClient, NodePgDb>();
  const transaction: NodePgDb['transaction'] = async (fn, config) => {
    const client = await pool.connect();
    try {
      let clientDb = onClient.get(client);
      if (!clientDb) {
        clientDb = drizzle(client, { schema });
        onClient.set(client, clientDb);
      }
      return await clientDb.transaction(fn, config);
    } finally {
      const idle = client.getTransactionStatus() === 'I';
      client.release(idle ? undefined : new Error('transaction left its connection unusable'));
    }
  };
  Object.assign(db, { transaction });
}
