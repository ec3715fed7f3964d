import { type AccountRow, accountState, type DbOrTx } from './ledger.ts';
import { initialReference, type TokenNetwork } from './network.ts';
import { list, q, rows, singleConnection } from './raw-sql.ts';
import type { AccountState, WaitingEntry } from './validate.ts';

/**
 * What a batch of posts is checked against: its sources' accounts and waiting chains.
 * On PostgreSQL two statements: the account rows locked first, then the chains read *after*
 * the locks are held (READ COMMITTED: a new snapshot per statement, so the chains include what
 * another process committed under those locks; decision 0032). On PGlite nothing else can write
 * inside the transaction, so one statement reads both, without row locks (one statement fewer
 * per batch).
 */
export async function readSources(tx: DbOrTx, net: TokenNetwork, sources: string[]) {
  if (singleConnection(tx)) return readTogether(tx, net, sources);
  const account = await lockAccounts(tx, net, sources);
  const chains = await waitingChains(tx, net.token, sources);
  return { account, chains };
}

async function readTogether(tx: DbOrTx, net: TokenNetwork, sources: string[]) {
  // Accounts (k 0) then chain entries (k 1), by address and parent ordinal (a number).
  const found = await rows<{ k: number; addr: string; a: string; b: string; c: string; d: string }>(
    tx,
    q`select 0 as k, address as addr, 0::int8 as ord, balance::text as a,
        last_ref_ordinal::text as b, last_ref_hash as c, null::text as d
      from sandbox.constellation_accounts
      where token = ${net.token} and address = any(${list(sources)}::text[])
      union all
      select 1, w.source, w.parent_ordinal, w.hash, w.parent_ordinal::text, w.amount::text,
        w.fee::text
      from sandbox.constellation_waiting w
      where w.token = ${net.token} and w.source = any(${list(sources)}::text[])
      order by k, addr, ord`,
  );
  const accounts = new Map<string, AccountState>();
  const chains = new Map<string, WaitingEntry[]>(sources.map((s) => [s, []]));
  for (const r of found) {
    if (Number(r.k) === 0) {
      accounts.set(
        r.addr,
        accountState({ address: r.addr, balance: r.a, ref_ordinal: r.b, ref_hash: r.c }),
      );
    } else {
      chains.get(r.addr)?.push({
        hash: r.a,
        parentOrdinal: BigInt(r.b),
        amount: BigInt(r.c),
        fee: BigInt(r.d),
      });
    }
  }
  const account = (address: string) =>
    accounts.get(address) ?? { balance: 0n, lastRef: initialReference(net) };
  return { account, chains };
}

/**
 * Balances and last references of several sources, their rows locked in address order (the
 * order the snapshot locks in too, so no lock cycle can form). An address without a row has
 * never received: balance 0 and the initial reference, and nothing to lock.
 */
export async function lockAccounts(db: DbOrTx, net: TokenNetwork, addresses: string[]) {
  const locked = await rows<AccountRow>(
    db,
    q`select address, balance::text as balance,
      last_ref_ordinal::text as ref_ordinal, last_ref_hash as ref_hash
    from sandbox.constellation_accounts
    where token = ${net.token} and address = any(${list(addresses)}::text[])
    order by address for update`,
  );
  const found = new Map(locked.map((r) => [r.address, accountState(r)]));
  return (address: string) => found.get(address) ?? { balance: 0n, lastRef: initialReference(net) };
}

/** The waiting chains of several sources (beyond their last references), each oldest first. */
export async function waitingChains(db: DbOrTx, token: string, sources: string[]) {
  const waitingRows = await rows<{
    source: string;
    hash: string;
    parent_ordinal: string;
    amount: string;
    fee: string;
  }>(
    db,
    // Ordered by the table's columns (qualified): a bare `parent_ordinal` would be the text
    // output column, and "10" sorts before "9".
    q`select w.source, w.hash, w.parent_ordinal::text as parent_ordinal,
      w.amount::text as amount, w.fee::text as fee
    from sandbox.constellation_waiting w
    where w.token = ${token} and w.source = any(${list(sources)}::text[])
    order by w.source, w.parent_ordinal`,
  );
  const chains = new Map<string, WaitingEntry[]>(sources.map((s) => [s, []]));
  for (const r of waitingRows) {
    chains.get(r.source)?.push({
      hash: r.hash,
      parentOrdinal: BigInt(r.parent_ordinal),
      amount: BigInt(r.amount),
      fee: BigInt(r.fee),
    });
  }
  return chains;
}

/**
 * Snapshot ordinals since each source's last accepted transaction (since genesis when it has
 * none, or only received): what the fee-less rate limit reads. One statement; read only for
 * batches with a fee-less transaction on a network that enforces the limit.
 */
export async function ordinalsSinceLastAccepted(db: DbOrTx, token: string, sources: string[]) {
  const found = await rows<{ address: string; since: string }>(
    db,
    q`select a.address, (n.snapshot_ordinal - coalesce(t.snapshot_ordinal, 0))::text as since
    from sandbox.constellation_networks n
    join sandbox.constellation_accounts a
      on a.token = n.token and a.address = any(${list(sources)}::text[])
    left join sandbox.constellation_transactions t
      on t.token = a.token and t.hash = a.last_ref_hash
    where n.token = ${token}`,
  );
  const since = new Map(found.map((r) => [r.address, BigInt(r.since)]));
  return (address: string) => since.get(address) ?? 0n;
}
