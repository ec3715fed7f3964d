import { desc, eq, or } from 'drizzle-orm';
import {
  constellationTransactions as accepted,
  constellationWaiting as waiting,
} from '../../db/schema/constellation.ts';
import type { DbOrTx } from '../ledger.ts';

/** A transaction as the explorer pages show it: accepted in a snapshot, or still waiting. */
export interface ExplorerTransaction {
  token: string;
  hash: string;
  source: string;
  destination: string;
  amount: bigint;
  fee: bigint;
  parent: { ordinal: bigint; hash: string };
  status: 'waiting' | 'accepted';
  snapshotOrdinal: bigint | null;
  receivedAt: Date;
  acceptedAt: Date | null;
}

type WaitingRow = typeof waiting.$inferSelect;
type AcceptedRow = typeof accepted.$inferSelect;

function toExplorerTransaction(row: WaitingRow | AcceptedRow): ExplorerTransaction {
  const done = 'snapshotOrdinal' in row;
  return {
    token: row.token,
    hash: row.hash,
    source: row.source,
    destination: row.destination,
    amount: row.amount,
    fee: row.fee,
    parent: { ordinal: row.parentOrdinal, hash: row.parentHash },
    status: done ? 'accepted' : 'waiting',
    snapshotOrdinal: done ? row.snapshotOrdinal : null,
    receivedAt: row.receivedAt,
    acceptedAt: done ? row.acceptedAt : null,
  };
}

/** The address's most recent transactions on every token, sent or received, newest first. */
export async function recentTransactions(db: DbOrTx, address: string, limit: number) {
  const [done, pending] = await Promise.all([
    db
      .select()
      .from(accepted)
      .where(or(eq(accepted.source, address), eq(accepted.destination, address)))
      .orderBy(desc(accepted.receivedAt), desc(accepted.hash))
      .limit(limit),
    db
      .select()
      .from(waiting)
      .where(or(eq(waiting.source, address), eq(waiting.destination, address)))
      .orderBy(desc(waiting.receivedAt), desc(waiting.hash))
      .limit(limit),
  ]);
  return [...done, ...pending]
    .map(toExplorerTransaction)
    .sort((a, b) => b.receivedAt.getTime() - a.receivedAt.getTime())
    .slice(0, limit);
}

/** A transaction by hash on any token: the accepted one if a snapshot took it, else the waiting one. */
export async function findTransaction(
  db: DbOrTx,
  hash: string,
): Promise<ExplorerTransaction | null> {
  const [done] = await db.select().from(accepted).where(eq(accepted.hash, hash)).limit(1);
  if (done) return toExplorerTransaction(done);
  const [pending] = await db.select().from(waiting).where(eq(waiting.hash, hash)).limit(1);
  return pending ? toExplorerTransaction(pending) : null;
}
