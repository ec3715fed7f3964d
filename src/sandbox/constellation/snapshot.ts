import { and, asc, eq, inArray, lt, notExists, sql } from 'drizzle-orm';
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

export interface SnapshotOptions {
  now: Date;
  /** Skip if another process made a snapshot less than ~intervalMs ago (unless forced). */
  intervalMs: number;
  force?: boolean;
}

/**
 * Makes the next snapshot of one token: every waiting transaction whose chain and balance still
 * hold moves balances (fee → the network's fee recipient), advances its source's last reference,
 * and becomes an accepted transaction at ordinal + 1. The network row is locked with SKIP LOCKED,
 * so when several processes share a PostgreSQL database only one produces each snapshot.
 * Returns the new ordinal, or null when skipped.
 */
export async function produceSnapshot(db: Db, net: TokenNetwork, opts: SnapshotOptions) {
  const known = lastHeads(db).get(net.token);
  if (known && !known.hadPool) {
    if (!opts.force && opts.now.getTime() - known.at.getTime() < opts.intervalMs * 0.8) {
      return null; // too soon after our own last one; another process's is caught below
    }
    const empty = await emptySnapshot(db, net, known, opts.now);
    if (empty) return empty;
  }
  const made = await fullSnapshot(db, net, opts);
  if (made) {
    lastHeads(db).set(net.token, {
      ordinal: made.ordinal,
      hash: made.hash,
      at: opts.now,
      hadPool: made.accepted + made.dropped > 0,
    });
  } else lastHeads(db).delete(net.token);
  return made;
}

/** The head of each token's chain of snapshots as this process last made it, per database. */
interface KnownHead {
  ordinal: bigint;
  hash: string;
  at: Date;
  /** The last snapshot had transactions: the next likely has too (go straight to the full one). */
  hadPool: boolean;
}
const heads = new WeakMap<object, Map<string, KnownHead>>();
function lastHeads(db: Db) {
  let byToken = heads.get(db);
  if (!byToken) {
    byToken = new Map();
    heads.set(db, byToken);
  }
  return byToken;
}

/**
 * An empty snapshot in one statement (issue 11: the timer made 12 a second, six round trips
 * each): it advances the network row only if the head is still the one we made last and the
 * pool is empty, and records the snapshot from the same statement. Null when either is not so
 * (or on a pruning ordinal): the full path decides then.
 */
async function emptySnapshot(db: Db, net: TokenNetwork, known: KnownHead, now: Date) {
  const ordinal = known.ordinal + 1n;
  if (ordinal % PRUNE_EVERY === 0n) return null;
  const hash = snapshotHash(net, ordinal, known.hash, []);
  const moved = db.$with('moved').as(
    db
      .update(networks)
      .set({ snapshotOrdinal: ordinal, snapshotHash: hash, snapshotAt: now })
      .where(
        and(
          eq(networks.token, net.token),
          eq(networks.snapshotOrdinal, known.ordinal),
          notExists(db.select({ one: sql`1` }).from(waiting).where(eq(waiting.token, net.token))),
        ),
      )
      .returning({ ordinal: networks.snapshotOrdinal }),
  );
  const inserted = await db
    .with(moved)
    .insert(snapshots)
    .select(
      db
        .select({
          token: sql`${net.token}`.as('token'),
          ordinal: moved.ordinal,
          hash: sql`${hash}`.as('hash'),
          lastSnapshotHash: sql`${known.hash}`.as('last_snapshot_hash'),
          transactionCount: sql`0`.as('transaction_count'),
          createdAt: sql`${now.toISOString()}::timestamptz`.as('created_at'),
        })
        .from(moved),
    )
    .returning({ ordinal: snapshots.ordinal });
  if (inserted.length === 0) return null;
  lastHeads(db).set(net.token, { ordinal, hash, at: now, hadPool: false });
  return { ordinal, hash, accepted: 0, dropped: 0 };
}

const snapshotHash = (net: TokenNetwork, ordinal: bigint, previous: string, hashes: string[]) =>
  sha256Hex(JSON.stringify([net.token, `${ordinal}`, previous, hashes]));

async function fullSnapshot(db: Db, net: TokenNetwork, opts: SnapshotOptions) {
  return db.transaction(async (tx) => {
    const [head] = await tx
      .select()
      .from(networks)
      .where(eq(networks.token, net.token))
      .for('update', { skipLocked: true });
    if (!head) return null;
    const age = opts.now.getTime() - head.snapshotAt.getTime();
    if (!opts.force && age < opts.intervalMs * 0.8) return null;

    const pool = await tx
      .select()
      .from(waiting)
      .where(eq(waiting.token, net.token))
      .orderBy(asc(waiting.source), asc(waiting.parentOrdinal));
    const involved = [
      ...new Set(pool.flatMap((w) => [w.source, w.destination]).concat(net.feeRecipient)),
    ].sort();
    // Lock in address order: submissions lock one row each, so no lock cycle can form.
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
    const state = new Map(locked.map((a) => [a.address, { ...a }]));
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

    if (pool.length > 0) {
      await tx
        .insert(accounts)
        .values([...state.values()])
        .onConflictDoUpdate({
          target: [accounts.token, accounts.address],
          set: {
            balance: sql`excluded.balance`,
            lastRefOrdinal: sql`excluded.last_ref_ordinal`,
            lastRefHash: sql`excluded.last_ref_hash`,
          },
        });
      const acceptedRows = applied.map((w) => ({
        ...w,
        snapshotOrdinal: ordinal,
        snapshotHash: hash,
        blockHash,
        acceptedAt: opts.now,
      }));
      if (acceptedRows.length) await tx.insert(accepted).values(acceptedRows);
      await tx.delete(waiting).where(
        and(
          eq(waiting.token, net.token),
          inArray(
            waiting.hash,
            pool.map((w) => w.hash),
          ),
        ),
      );
    }
    await tx.insert(snapshots).values({
      token: net.token,
      ordinal,
      hash,
      lastSnapshotHash: head.snapshotHash,
      transactionCount: applied.length,
      createdAt: opts.now,
    });
    await tx
      .update(networks)
      .set({ snapshotOrdinal: ordinal, snapshotHash: hash, snapshotAt: opts.now })
      .where(eq(networks.token, net.token));
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
