import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  constellationAccounts as accounts,
  constellationNetworks as networks,
  constellationSnapshots as snapshots,
  constellationWaiting as waiting,
} from '../db/schema/constellation.ts';
import type { Genesis } from './genesis.ts';
import { initialReference, sha256Hex, type TokenNetwork } from './network.ts';
import type { AccountState, WaitingEntry } from './validate.ts';

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

/** Balance and last reference of one address (no lock: a read for the routes). */
export async function readAccount(
  db: DbOrTx,
  net: TokenNetwork,
  address: string,
): Promise<AccountState> {
  const [row] = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.token, net.token), eq(accounts.address, address)));
  if (!row) return { balance: 0n, lastRef: initialReference(net) };
  return { balance: row.balance, lastRef: { ordinal: row.lastRefOrdinal, hash: row.lastRefHash } };
}

export async function readNetwork(db: DbOrTx, token: string) {
  const [row] = await db.select().from(networks).where(eq(networks.token, token));
  return row ?? null;
}

/**
 * Balances and last references of several sources, their rows locked in address order (the
 * order the snapshot locks in too, so no lock cycle can form). An address without a row has
 * never received: balance 0 and the initial reference, and nothing to lock.
 */
export async function lockAccounts(db: DbOrTx, net: TokenNetwork, addresses: string[]) {
  const rows = await db
    .select({
      address: accounts.address,
      balance: accounts.balance,
      lastRefOrdinal: accounts.lastRefOrdinal,
      lastRefHash: accounts.lastRefHash,
    })
    .from(accounts)
    .where(and(eq(accounts.token, net.token), inArray(accounts.address, addresses)))
    .orderBy(asc(accounts.address))
    .for('update');
  const found = new Map<string, AccountState>();
  for (const r of rows) {
    found.set(r.address, {
      balance: r.balance,
      lastRef: { ordinal: r.lastRefOrdinal, hash: r.lastRefHash },
    });
  }
  return (address: string) => found.get(address) ?? { balance: 0n, lastRef: initialReference(net) };
}

/** The waiting chains of several sources (beyond their last references), each oldest first. */
export async function waitingChains(db: DbOrTx, token: string, sources: string[]) {
  const rows = await db
    .select({
      source: waiting.source,
      hash: waiting.hash,
      parentOrdinal: waiting.parentOrdinal,
      amount: waiting.amount,
      fee: waiting.fee,
    })
    .from(waiting)
    .where(and(eq(waiting.token, token), inArray(waiting.source, sources)))
    .orderBy(asc(waiting.source), asc(waiting.parentOrdinal));
  const chains = new Map<string, WaitingEntry[]>(sources.map((s) => [s, []]));
  for (const { source, ...entry } of rows) chains.get(source)?.push(entry);
  return chains;
}

export async function waitingByHash(db: DbOrTx, token: string, hashes: string[]) {
  if (hashes.length === 0) return [];
  return db
    .select()
    .from(waiting)
    .where(and(eq(waiting.token, token), inArray(waiting.hash, hashes)));
}
