import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import {
  constellationTransactions as accepted,
  constellationAccounts as accounts,
  constellationNetworks as networks,
  constellationSnapshots as snapshots,
  constellationWaiting as waiting,
} from '../db/schema/constellation.ts';
import { RECEIVED_ONLY_REFERENCE, sha256Hex, type TokenNetwork } from './network.ts';

/** Empty snapshots older than this many ordinals are pruned (the ones with transactions stay). */
const KEEP_EMPTY_SNAPSHOTS = 1000n;
const PRUNE_EVERY = 100n;

type Account = typeof accounts.$inferSelect;

export interface SnapshotOptions {
  now: Date;
  /** Skip if another process made a snapshot less than ~intervalMs ago (unless forced). */
  intervalMs: number;
  force?: boolean;
}

export const snapshotHash = (
  net: TokenNetwork,
  ordinal: bigint,
  previous: string,
  hashes: string[],
) => sha256Hex(JSON.stringify([net.token, `${ordinal}`, previous, hashes]));

/**
 * The full snapshot transaction, in as few statements as it can (issue 11: ten round trips per
 * snapshot before): the network row (locked with SKIP LOCKED, so with several processes on one
 * PostgreSQL only one produces each snapshot) and the pool in one statement; the involved
 * accounts locked in address order; then every write in one statement of data-modifying CTEs
 * (pool rows out, accepted rows in, balances and references, network head, snapshot row).
 */
export async function fullSnapshot(db: Db, net: TokenNetwork, opts: SnapshotOptions) {
  return db.transaction(async (tx) => {
    // Aliased: PostgreSQL wants FOR UPDATE OF an unqualified name, drizzle writes the schema.
    const network = alias(networks, 'network');
    const rows = await tx
      .select({ head: network, w: waiting })
      .from(network)
      .leftJoin(waiting, eq(waiting.token, network.token))
      .where(eq(network.token, net.token))
      .orderBy(asc(waiting.source), asc(waiting.parentOrdinal))
      .for('update', { of: network, skipLocked: true });
    const head = rows[0]?.head;
    if (!head) return null;
    const age = opts.now.getTime() - head.snapshotAt.getTime();
    if (!opts.force && age < opts.intervalMs * 0.8) return null;
    const pool = rows.flatMap((r) => (r.w ? [r.w] : []));

    const involved = [
      ...new Set(pool.flatMap((w) => [w.source, w.destination]).concat(net.feeRecipient)),
    ].sort();
    // Lock in address order: submissions lock theirs in the same order, so no cycle can form.
    // An empty pool moves no balance: an empty snapshot reads no account (issue 11).
    const locked =
      pool.length === 0
        ? []
        : await tx
            .select()
            .from(accounts)
            .where(and(eq(accounts.token, net.token), inArray(accounts.address, involved)))
            .orderBy(asc(accounts.address))
            .for('update');
    const state = new Map<string, Account>(locked.map((a) => [a.address, { ...a }]));
    const entry = (address: string) => {
      let a = state.get(address);
      if (!a) {
        const ref = RECEIVED_ONLY_REFERENCE;
        a = {
          token: net.token,
          address,
          balance: 0n,
          lastRefOrdinal: ref.ordinal,
          lastRefHash: ref.hash,
        };
        state.set(address, a);
      }
      return a;
    };

    const ordinal = head.snapshotOrdinal + 1n;
    const applied = pool.filter((w) => {
      const src = entry(w.source);
      const fits = w.parentOrdinal === src.lastRefOrdinal && w.parentHash === src.lastRefHash;
      if (!fits || src.balance < w.amount + w.fee) return false; // dropped, as a node would
      src.balance -= w.amount + w.fee;
      src.lastRefOrdinal = w.parentOrdinal + 1n;
      src.lastRefHash = w.hash;
      entry(w.destination).balance += w.amount;
      entry(net.feeRecipient).balance += w.fee;
      return true;
    });
    const hash = snapshotHash(
      net,
      ordinal,
      head.snapshotHash,
      applied.map((w) => w.hash),
    );
    const blockHash = sha256Hex(`block:${hash}`);

    const ctes = [];
    if (pool.length > 0) {
      const hashes = pool.map((w) => w.hash);
      ctes.push(
        tx.$with('pool_out').as(
          tx
            .delete(waiting)
            .where(and(eq(waiting.token, net.token), inArray(waiting.hash, hashes)))
            .returning({ hash: waiting.hash }),
        ),
        tx.$with('balances').as(
          tx
            .insert(accounts)
            .values([...state.values()])
            .onConflictDoUpdate({
              target: [accounts.token, accounts.address],
              set: {
                balance: sql`excluded.balance`,
                lastRefOrdinal: sql`excluded.last_ref_ordinal`,
                lastRefHash: sql`excluded.last_ref_hash`,
              },
            })
            .returning({ address: accounts.address }),
        ),
      );
    }
    if (applied.length > 0) {
      const acceptedRows = applied.map((w) => ({
        ...w,
        snapshotOrdinal: ordinal,
        snapshotHash: hash,
        blockHash,
        acceptedAt: opts.now,
      }));
      ctes.push(
        tx
          .$with('accepted_in')
          .as(tx.insert(accepted).values(acceptedRows).returning({ hash: accepted.hash })),
      );
    }
    const moved = tx
      .$with('moved')
      .as(
        tx
          .update(networks)
          .set({ snapshotOrdinal: ordinal, snapshotHash: hash, snapshotAt: opts.now })
          .where(eq(networks.token, net.token))
          .returning({ ordinal: networks.snapshotOrdinal }),
      );
    // Unreferenced data-modifying CTEs still run, exactly once and to completion (PostgreSQL).
    await tx
      .with(...ctes, moved)
      .insert(snapshots)
      .select(
        tx
          .select({
            token: sql`${net.token}`.as('token'),
            ordinal: moved.ordinal,
            hash: sql`${hash}`.as('hash'),
            lastSnapshotHash: sql`${head.snapshotHash}`.as('last_snapshot_hash'),
            transactionCount: sql`${applied.length}::int`.as('transaction_count'),
            createdAt: sql`${opts.now.toISOString()}::timestamptz`.as('created_at'),
          })
          .from(moved),
      );
    // Pruning every 100th ordinal is enough to bound the table, and spares a query per snapshot.
    if (ordinal % PRUNE_EVERY === 0n) {
      await tx
        .delete(snapshots)
        .where(
          and(
            eq(snapshots.token, net.token),
            eq(snapshots.transactionCount, 0),
            lt(snapshots.ordinal, ordinal - KEEP_EMPTY_SNAPSHOTS),
          ),
        );
    }
    return { ordinal, hash, accepted: applied.length, dropped: pool.length - applied.length };
  });
}
