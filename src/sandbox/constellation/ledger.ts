import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { TransactionReference } from '../../integrations/constellation/transaction.ts';
import {
  constellationAccounts as accounts,
  constellationNetworks as networks,
  constellationSnapshots as snapshots,
  constellationWaiting as waiting,
} from '../db/schema/constellation.ts';
import type { Genesis } from './genesis.ts';
import { initialReference, sha256Hex, type TokenNetwork } from './network.ts';

/** Any drizzle handle: the database or a transaction. */
export type DbOrTx = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

/**
 * Creates each token's ledger from genesis the first time (snapshot ordinal 0). Safe when several
 * processes start at once: only the one that inserts the network row writes the balances.
 */
export async function seedGenesis(db: Db, genesis: Genesis, nets: TokenNetwork[], now: Date) {
  for (const net of nets) {
    await db.transaction(async (tx) => {
      const hash = sha256Hex(`genesis:${net.token}:${genesis.seed}`);
      const inserted = await tx
        .insert(networks)
        .values({
          token: net.token,
          metagraphId: net.metagraphId,
          snapshotOrdinal: 0n,
          snapshotHash: hash,
          snapshotAt: now,
        })
        .onConflictDoNothing()
        .returning({ token: networks.token });
      if (inserted.length === 0) return;
      const ref = initialReference(net);
      const rows = [...genesis.balances[net.token]].map(([address, balance]) => ({
        token: net.token,
        address,
        balance,
        lastRefOrdinal: ref.ordinal,
        lastRefHash: ref.hash,
      }));
      for (let i = 0; i < rows.length; i += 500)
        await tx.insert(accounts).values(rows.slice(i, i + 500));
      await tx.insert(snapshots).values({
        token: net.token,
        ordinal: 0n,
        hash,
        lastSnapshotHash: '0'.repeat(64),
        transactionCount: 0,
        createdAt: now,
      });
    });
  }
}

export interface AccountState {
  balance: bigint;
  lastRef: TransactionReference;
}

/** Balance and last reference; `lock` takes the row lock that serialises spends of one address. */
export async function readAccount(
  db: DbOrTx,
  net: TokenNetwork,
  address: string,
  lock = false,
): Promise<AccountState> {
  const query = db
    .select()
    .from(accounts)
    .where(and(eq(accounts.token, net.token), eq(accounts.address, address)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) return { balance: 0n, lastRef: initialReference(net) };
  return { balance: row.balance, lastRef: { ordinal: row.lastRefOrdinal, hash: row.lastRefHash } };
}

export async function readNetwork(db: DbOrTx, token: string) {
  const [row] = await db.select().from(networks).where(eq(networks.token, token));
  return row ?? null;
}

/** The source's waiting transactions, oldest first (its chain beyond the last reference). */
export async function waitingChain(db: DbOrTx, token: string, source: string) {
  return db
    .select()
    .from(waiting)
    .where(and(eq(waiting.token, token), eq(waiting.source, source)))
    .orderBy(asc(waiting.parentOrdinal));
}

export async function waitingByHash(db: DbOrTx, token: string, hashes: string[]) {
  if (hashes.length === 0) return [];
  return db
    .select()
    .from(waiting)
    .where(and(eq(waiting.token, token), inArray(waiting.hash, hashes)));
}
