import type { DbOrTx } from './ledger.ts';
import { list, q, rows, run } from './raw-sql.ts';

// The full snapshot's statements (snapshot-full.ts), each of fixed text (decision 0032).

export interface Pooled {
  hash: string;
  source: string;
  destination: string;
  amount: bigint;
  fee: bigint;
  parentOrdinal: bigint;
  parentHash: string;
}
export interface Account {
  address: string;
  balance: bigint;
  refOrdinal: bigint;
  refHash: string;
}

const headAndPool = (token: string) =>
  q`select n.snapshot_ordinal::text as head_ordinal, n.snapshot_hash as head_hash,
      (extract(epoch from n.snapshot_at) * 1000)::float8 as head_at,
      w.hash, w.source, w.destination, w.amount::text as amount, w.fee::text as fee,
      w.parent_ordinal::text as parent_ordinal, w.parent_hash
    from sandbox.constellation_networks n
    left join sandbox.constellation_waiting w on w.token = n.token
    where n.token = ${token}
    order by w.source, w.parent_ordinal
    for update of n skip locked`;

/**
 * The head (locked) and the pool in chain order. `wait`: a forced snapshot (tick, the admin
 * endpoint) waits for one in flight and then includes everything accepted before it was asked
 * for; otherwise null when another snapshot holds the head (the timer skips its turn).
 */
export async function readHeadAndPool(tx: DbOrTx, token: string, opts: { wait: boolean }) {
  const skipping = headAndPool(token);
  // Two fixed texts: the same statement, waiting for the lock or skipping it.
  const statement = opts.wait
    ? { ...skipping, text: skipping.text.replace(/ skip locked$/, '') }
    : skipping;
  const found = await rows<{
    head_ordinal: string;
    head_hash: string;
    head_at: number;
    hash: string | null;
    source: string;
    destination: string;
    amount: string;
    fee: string;
    parent_ordinal: string;
    parent_hash: string;
  }>(tx, statement);
  const first = found[0];
  if (!first) return null;
  const head = {
    ordinal: BigInt(first.head_ordinal),
    hash: first.head_hash,
    at: Number(first.head_at),
  };
  const pool: Pooled[] = [];
  for (const r of found) {
    if (r.hash === null) continue;
    pool.push({
      hash: r.hash,
      source: r.source,
      destination: r.destination,
      amount: BigInt(r.amount),
      fee: BigInt(r.fee),
      parentOrdinal: BigInt(r.parent_ordinal),
      parentHash: r.parent_hash,
    });
  }
  return { head, pool };
}

export async function lockInvolved(tx: DbOrTx, token: string, addresses: string[]) {
  const locked = await rows<{ address: string; balance: string; ro: string; rh: string }>(
    tx,
    q`select address, balance::text as balance, last_ref_ordinal::text as ro, last_ref_hash as rh
      from sandbox.constellation_accounts
      where token = ${token} and address = any(${list(addresses)}::text[])
      order by address for update`,
  );
  return locked.map(
    (r): Account => ({
      address: r.address,
      balance: BigInt(r.balance),
      refOrdinal: BigInt(r.ro),
      refHash: r.rh,
    }),
  );
}

interface NextHead {
  token: string;
  ordinal: bigint;
  hash: string;
  previous: string;
  now: Date;
}

/** The network head moved and the snapshot recorded, for a pool that was empty. */
export async function writeEmpty(tx: DbOrTx, h: NextHead) {
  const at = h.now.toISOString();
  await run(
    tx,
    q`with moved as (
      update sandbox.constellation_networks
      set snapshot_ordinal = ${h.ordinal.toString()}::int8, snapshot_hash = ${h.hash},
        snapshot_at = ${at}::timestamptz
      where token = ${h.token} returning snapshot_ordinal)
    insert into sandbox.constellation_snapshots
      (token, ordinal, hash, last_snapshot_hash, transaction_count, created_at)
    select ${h.token}, snapshot_ordinal, ${h.hash}, ${h.previous}, 0, ${at}::timestamptz
    from moved`,
  );
}

/**
 * Every write of a snapshot with a pool, in one statement: the pool rows out, the applied ones
 * into the accepted transactions *from the deleted rows* (their stored JSON never leaves the
 * database), balances and references, network head, snapshot row. Unreferenced data-modifying
 * CTEs still run, exactly once and to completion (PostgreSQL).
 */
export async function writeMoved(
  tx: DbOrTx,
  h: NextHead,
  w: { pool: string[]; applied: string[]; blockHash: string; accounts: Account[] },
) {
  const at = h.now.toISOString();
  const ordinal = h.ordinal.toString();
  const acct = (f: (a: Account) => string | bigint) => list(w.accounts.map(f));
  await run(
    tx,
    q`with pool_out as (
      delete from sandbox.constellation_waiting
      where token = ${h.token} and hash = any(${list(w.pool)}::text[])
      returning *),
    accepted_in as (
      insert into sandbox.constellation_transactions (token, hash, source, destination, amount,
        fee, parent_ordinal, parent_hash, salt, signed_json, received_at, snapshot_ordinal,
        snapshot_hash, block_hash, accepted_at)
      select token, hash, source, destination, amount, fee, parent_ordinal, parent_hash, salt,
        signed_json, received_at, ${ordinal}::int8, ${h.hash}, ${w.blockHash}, ${at}::timestamptz
      from pool_out where hash = any(${list(w.applied)}::text[])),
    balances as (
      insert into sandbox.constellation_accounts
        (token, address, balance, last_ref_ordinal, last_ref_hash)
      select ${h.token}, u.* from unnest(${acct((a) => a.address)}::text[],
        ${acct((a) => a.balance)}::int8[], ${acct((a) => a.refOrdinal)}::int8[],
        ${acct((a) => a.refHash)}::text[]) as u(address, balance, ro, rh)
      on conflict (token, address) do update set balance = excluded.balance,
        last_ref_ordinal = excluded.last_ref_ordinal, last_ref_hash = excluded.last_ref_hash),
    moved as (
      update sandbox.constellation_networks
      set snapshot_ordinal = ${ordinal}::int8, snapshot_hash = ${h.hash},
        snapshot_at = ${at}::timestamptz
      where token = ${h.token} returning snapshot_ordinal)
    insert into sandbox.constellation_snapshots
      (token, ordinal, hash, last_snapshot_hash, transaction_count, created_at)
    select ${h.token}, snapshot_ordinal, ${h.hash}, ${h.previous}, ${w.applied.length}::int,
      ${at}::timestamptz
    from moved`,
  );
}
