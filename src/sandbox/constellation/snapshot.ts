import type { Db } from '@/db/client.ts';
import type { TokenNetwork } from './network.ts';
import { q, rows } from './raw-sql.ts';
import { fullSnapshot, type SnapshotOptions, snapshotHash } from './snapshot-full.ts';

/** Every 100th ordinal goes the full way, which prunes old empty snapshots (snapshot-full.ts). */
const PRUNE_EVERY = 100n;

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
 * An empty snapshot in one statement (decision 0027: the timer made 12 a second, six round trips
 * each): it advances the network row only if the head is still the one we made last and the
 * pool is empty, and records the snapshot from the same statement. Null when either is not so
 * (or on a pruning ordinal): the full path decides then.
 */
async function emptySnapshot(db: Db, net: TokenNetwork, known: KnownHead, now: Date) {
  const ordinal = known.ordinal + 1n;
  if (ordinal % PRUNE_EVERY === 0n) return null;
  const hash = snapshotHash(net, ordinal, known.hash, []);
  const at = now.toISOString();
  // Fixed text through `execute` (drizzle's builder cost as much as the statement; 0032).
  const inserted = await rows<{ ordinal: string }>(
    db,
    q`with moved as (
        update sandbox.constellation_networks
        set snapshot_ordinal = ${ordinal.toString()}::int8, snapshot_hash = ${hash},
          snapshot_at = ${at}::timestamptz
        where token = ${net.token} and snapshot_ordinal = ${known.ordinal.toString()}::int8
          and not exists (select 1 from sandbox.constellation_waiting where token = ${net.token})
        returning snapshot_ordinal)
      insert into sandbox.constellation_snapshots
        (token, ordinal, hash, last_snapshot_hash, transaction_count, created_at)
      select ${net.token}, snapshot_ordinal, ${hash}, ${known.hash}, 0, ${at}::timestamptz
      from moved
      returning ordinal::text as ordinal`,
  );
  if (inserted.length === 0) return null;
  lastHeads(db).set(net.token, { ordinal, hash, at: now, hadPool: false });
  return { ordinal, hash, accepted: 0, dropped: 0 };
}
