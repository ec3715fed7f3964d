import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import {
  constellationAccounts as accounts,
  constellationNetworks as networks,
  constellationSnapshots as snapshots,
  constellationWaiting as waiting,
} from '../db/schema/constellation.ts';
import type { Genesis } from './genesis.ts';
import { initialReference, sha256Hex, type TokenNetwork } from './network.ts';
import { q, rows } from './raw-sql.ts';
import type { AccountState } from './validate.ts';

/** Any drizzle handle: the database or a transaction. */
export type DbOrTx = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

/**
 * Creates each token's ledger from genesis the first time, its first snapshot at `startOrdinal`
 * (network.ts: mainnet-like unless a test asks for a young network). Safe when several
 * processes start at once: only the one that inserts the network row writes the balances.
 */
export async function seedGenesis(
  db: Db,
  genesis: Genesis,
  nets: TokenNetwork[],
  now: Date,
  startOrdinal = 0n,
) {
  for (const net of nets) {
    await db.transaction(async (tx) => {
      const hash = sha256Hex(`genesis:${net.token}:${genesis.seed}`);
      const inserted = await tx
        .insert(networks)
        .values({
          token: net.token,
          metagraphId: net.metagraphId,
          snapshotOrdinal: startOrdinal,
          snapshotHash: hash,
          snapshotAt: now,
        })
        .onConflictDoNothing()
        .returning({ token: networks.token });
      if (inserted.length === 0) return;
      const ref = initialReference(net);
      const balances = [...genesis.balances[net.token]].map(([address, balance]) => ({
        token: net.token,
        address,
        balance,
        lastRefOrdinal: ref.ordinal,
        lastRefHash: ref.hash,
      }));
      for (let i = 0; i < balances.length; i += 500)
        await tx.insert(accounts).values(balances.slice(i, i + 500));
      await tx.insert(snapshots).values({
        token: net.token,
        ordinal: startOrdinal,
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
  const [row] = await rows<AccountRow>(
    db,
    q`select address, balance::text as balance,
      last_ref_ordinal::text as ref_ordinal, last_ref_hash as ref_hash
    from sandbox.constellation_accounts where token = ${net.token} and address = ${address}`,
  );
  return row ? accountState(row) : { balance: 0n, lastRef: initialReference(net) };
}

export async function readNetwork(db: DbOrTx, token: string) {
  const [row] = await db.select().from(networks).where(eq(networks.token, token));
  return row ?? null;
}

/** The latest snapshot ordinal alone (what pollers ask for most), or undefined before genesis. */
export async function headOrdinal(db: DbOrTx, token: string) {
  const [row] = await rows<{ ordinal: string }>(
    db,
    q`select snapshot_ordinal::text as ordinal from sandbox.constellation_networks
      where token = ${token}`,
  );
  return row ? BigInt(row.ordinal) : undefined;
}

export interface AccountRow {
  address: string;
  balance: string;
  ref_ordinal: string;
  ref_hash: string;
}
export const accountState = (r: AccountRow): AccountState => ({
  balance: BigInt(r.balance),
  lastRef: { ordinal: BigInt(r.ref_ordinal), hash: r.ref_hash },
});

export async function waitingByHash(db: DbOrTx, token: string, hashes: string[]) {
  if (hashes.length === 0) return [];
  return db
    .select()
    .from(waiting)
    .where(and(eq(waiting.token, token), inArray(waiting.hash, hashes)));
}
