import { and, asc, desc, eq, sql } from 'drizzle-orm';
import {
  constellationTransactions as accepted,
  constellationAccounts as accounts,
  constellationSnapshots as snapshots,
} from '../db/schema/constellation.ts';
import type { DbOrTx } from './ledger.ts';
import { initialReference, type TokenNetwork } from './network.ts';
import { RawJson } from './raw-json.ts';
import { stateChannelsAt } from './state-channel.ts';

/** Read models the L0 and block-explorer routes serve. */

export async function totals(db: DbOrTx, token: string) {
  const [row] = await db
    .select({
      total: sql<string>`coalesce(sum(${accounts.balance}), 0)::text`,
      count: sql<number>`count(*) filter (where ${accounts.balance} > 0)::int`,
    })
    .from(accounts)
    .where(eq(accounts.token, token));
  return { total: BigInt(row?.total ?? 0), count: Number(row?.count ?? 0) };
}

/** A snapshot in the signed-snapshot JSON shape; the L0 route adds its proof (snapshot-proofs.ts). */
export async function snapshotView(db: DbOrTx, token: string, ordinal?: bigint) {
  const where =
    ordinal === undefined
      ? eq(snapshots.token, token)
      : and(eq(snapshots.token, token), eq(snapshots.ordinal, ordinal));
  const [snap] = await db
    .select()
    .from(snapshots)
    .where(where)
    .orderBy(desc(snapshots.ordinal))
    .limit(1);
  if (!snap) return null;
  const txs = snap.transactionCount
    ? await db
        .select()
        .from(accepted)
        .where(and(eq(accepted.token, token), eq(accepted.snapshotOrdinal, snap.ordinal)))
        .orderBy(asc(accepted.source), asc(accepted.parentOrdinal))
    : [];
  const blocks = txs.length
    ? [
        {
          block: {
            value: {
              parent: [],
              transactions: txs.map((t) => new RawJson(t.signedJson)),
            },
            proofs: [],
          },
          usageCount: 0,
        },
      ]
    : [];
  return {
    value: {
      ordinal: snap.ordinal,
      height: 0,
      subHeight: snap.ordinal,
      lastSnapshotHash: snap.lastSnapshotHash,
      blocks,
      rewards: [],
      tips: { deprecated: [], remainedActive: [] },
      // What local metagraphs committed here (state-channel.ts; decision 0051).
      stateChannelSnapshots: await stateChannelsAt(db, token, snap.ordinal),
    },
    proofs: [],
    hash: snap.hash,
    timestamp: snap.createdAt.toISOString(),
  };
}

/** A snapshot's ordinal by its hash (the explorer's `{hashOrOrdinal}` routes). */
export async function snapshotByHash(db: DbOrTx, token: string, hash: string) {
  const [row] = await db
    .select({ ordinal: snapshots.ordinal })
    .from(snapshots)
    .where(and(eq(snapshots.token, token), eq(snapshots.hash, hash)));
  return row ?? null;
}

export async function snapshotExists(db: DbOrTx, token: string, ordinal: bigint) {
  const [row] = await db
    .select({ ordinal: snapshots.ordinal })
    .from(snapshots)
    .where(and(eq(snapshots.token, token), eq(snapshots.ordinal, ordinal)));
  return row !== undefined;
}

/** Snapshot info: every positive balance, and the references recorded in snapshots. */
export async function snapshotInfo(db: DbOrTx, net: TokenNetwork) {
  const rows = await db
    .select()
    .from(accounts)
    .where(eq(accounts.token, net.token))
    .orderBy(asc(accounts.address));
  const initial = initialReference(net);
  const balances: Record<string, bigint> = {};
  const lastTxRefs: Record<string, { ordinal: bigint; hash: string }> = {};
  for (const r of rows) {
    if (r.balance > 0n) balances[r.address] = r.balance;
    if (r.lastRefHash !== initial.hash || r.lastRefOrdinal !== initial.ordinal) {
      lastTxRefs[r.address] = { ordinal: r.lastRefOrdinal, hash: r.lastRefHash };
    }
  }
  return { balances, lastTxRefs };
}

/** A block-explorer transaction object. */
export function explorerTransactionView(t: typeof accepted.$inferSelect) {
  return {
    hash: t.hash,
    ordinal: t.parentOrdinal + 1n,
    amount: t.amount,
    source: t.source,
    destination: t.destination,
    fee: t.fee,
    parent: { hash: t.parentHash, ordinal: t.parentOrdinal },
    salt: t.salt,
    blockHash: t.blockHash,
    snapshotHash: t.snapshotHash,
    snapshotOrdinal: t.snapshotOrdinal,
    transactionOriginal: new RawJson(t.signedJson),
    timestamp: t.acceptedAt.toISOString(),
  };
}
