import type { Db } from '@/db/client.ts';
import { RECEIVED_ONLY_REFERENCE, sha256Hex, type TokenNetwork } from './network.ts';
import { q, run } from './raw-sql.ts';
import {
  type Account,
  lockInvolved,
  readHeadAndPool,
  writeEmpty,
  writeMoved,
} from './snapshot-sql.ts';

/** Empty snapshots older than this many ordinals are pruned (the ones with transactions stay). */
const KEEP_EMPTY_SNAPSHOTS = 1000n;
const PRUNE_EVERY = 100n;

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
 * The full snapshot transaction in four statements of fixed text (decision 0032): the network row
 * (locked with SKIP LOCKED, so with several processes on one PostgreSQL only one produces each
 * snapshot) and the pool in one; the involved accounts locked in address order; then every write
 * in one statement of data-modifying CTEs. The pool is read without the stored JSON, salt and
 * arrival time: the accepted rows are moved from the pool inside the database (decision 0032).
 */
export async function fullSnapshot(db: Db, net: TokenNetwork, opts: SnapshotOptions) {
  return db.transaction(async (tx) => {
    const read = await readHeadAndPool(tx, net.token, { wait: opts.force === true });
    if (!read) return null;
    const { head, pool } = read;
    if (!opts.force && opts.now.getTime() - head.at < opts.intervalMs * 0.8) return null;

    const involved = [
      ...new Set(pool.flatMap((w) => [w.source, w.destination]).concat(net.feeRecipient)),
    ].sort();
    // Lock in address order: submissions lock theirs in the same order, so no cycle can form.
    // An empty pool moves no balance: an empty snapshot reads no account.
    const state = new Map<string, Account>();
    if (pool.length > 0) {
      for (const a of await lockInvolved(tx, net.token, involved)) state.set(a.address, a);
    }
    const entry = (address: string) => {
      let a = state.get(address);
      if (!a) {
        const ref = RECEIVED_ONLY_REFERENCE;
        a = { address, balance: 0n, refOrdinal: ref.ordinal, refHash: ref.hash };
        state.set(address, a);
      }
      return a;
    };

    const ordinal = head.ordinal + 1n;
    const applied = pool.filter((w) => {
      const src = entry(w.source);
      const fits = w.parentOrdinal === src.refOrdinal && w.parentHash === src.refHash;
      if (!fits || src.balance < w.amount + w.fee) return false; // dropped, as a node would
      src.balance -= w.amount + w.fee;
      src.refOrdinal = w.parentOrdinal + 1n;
      src.refHash = w.hash;
      entry(w.destination).balance += w.amount;
      entry(net.feeRecipient).balance += w.fee;
      return true;
    });
    const appliedHashes = applied.map((w) => w.hash);
    const hash = snapshotHash(net, ordinal, head.hash, appliedHashes);
    const next = { token: net.token, ordinal, hash, previous: head.hash, now: opts.now };
    if (pool.length === 0) await writeEmpty(tx, next);
    else {
      const accounts = [...state.values()];
      await writeMoved(tx, next, {
        pool: pool.map((w) => w.hash),
        applied: appliedHashes,
        blockHash: sha256Hex(`block:${hash}`),
        accounts,
      });
    }
    // Pruning every 100th ordinal is enough to bound the table, and spares a query per snapshot.
    if (ordinal % PRUNE_EVERY === 0n) {
      await run(
        tx,
        q`delete from sandbox.constellation_snapshots
        where token = ${net.token} and transaction_count = 0
          and ordinal < ${(ordinal - KEEP_EMPTY_SNAPSHOTS).toString()}::int8
          and not exists (select 1 from sandbox.constellation_state_channels c
            where c.token = ${net.token} and c.ordinal = constellation_snapshots.ordinal)`,
      );
    }
    return { ordinal, hash, accepted: applied.length, dropped: pool.length - applied.length };
  });
}
