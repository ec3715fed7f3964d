import type { Db } from '@/db/client.ts';
import type { SignedTransaction } from '@/integrations/constellation/index.ts';
import {
  signedTransactionToWire,
  stringifyWithBigInts,
  TRANSACTION_LIMIT,
} from '@/integrations/constellation/index.ts';
import type { DbOrTx } from './ledger.ts';
import type { TokenNetwork } from './network.ts';
import { list, q, run } from './raw-sql.ts';
import { ordinalsSinceLastAccepted, readSources } from './source-state.ts';
import { type NodeRejection, validateAgainstLedger } from './validate.ts';

export type SubmitResult = { ok: true; hash: string } | { ok: false; rejection: NodeRejection };

/** A transaction whose stateless checks (signature, ownership, source ≠ destination) passed. */
export interface Verified {
  signed: SignedTransaction;
  hash: string;
}

/**
 * The contextual half of `POST /transactions` for several transactions in one database
 * transaction: the sources' account rows locked (in address order), their waiting chains read
 * once, then each transaction checked in arrival order against the ledger *including the ones
 * before it in the batch*, exactly as if each had been posted alone in that order; one insert.
 * The chains are read after the locks are held, in their own statement, so on PostgreSQL they
 * include whatever another process committed under those locks (READ COMMITTED takes a new
 * snapshot per statement). Results are in the batch's order.
 */
export async function applyBatch(
  db: Db,
  net: TokenNetwork,
  batch: Verified[],
  now: Date,
): Promise<SubmitResult[]> {
  const sources = [...new Set(batch.map((b) => b.signed.value.source))].sort();
  return db.transaction(async (tx) => {
    const { account, chains } = await readSources(tx, net, sources);
    const since = await limitedSources(tx, net, batch);
    const rows: Row[] = [];
    const results = batch.map(({ signed, hash }): SubmitResult => {
      const { value } = signed;
      const chain = chains.get(value.source) ?? [];
      // The hash covers the source: the same transaction waiting is in this chain (answered
      // with its hash, as a node does), whether it came earlier or earlier in this batch.
      if (chain.some((w) => w.hash === hash)) return { ok: true, hash };
      const problem = validateAgainstLedger(
        value,
        hash,
        account(value.source),
        chain,
        since?.(value.source),
      );
      if (problem) return { ok: false, rejection: problem };
      chain.push({
        hash,
        parentOrdinal: value.parent.ordinal,
        amount: value.amount,
        fee: value.fee,
      });
      rows.push({ value, hash, json: stringifyWithBigInts(signedTransactionToWire(signed)) });
      return { ok: true, hash };
    });
    if (rows.length > 0) await insertWaiting(tx, net.token, rows, now);
    return results;
  });
}

/**
 * Where the network enforces the fee-less limit, the ordinals since each source's last accepted
 * transaction: one statement more, only for a batch holding a transaction below the minimum fee
 * (the hot path of fee-paying or unlimited posts is unchanged).
 */
async function limitedSources(tx: DbOrTx, net: TokenNetwork, batch: Verified[]) {
  if (!net.feeLessLimit) return undefined;
  const feeLess = batch
    .map((b) => b.signed.value)
    .filter((v) => v.fee < TRANSACTION_LIMIT.minFeeWithoutLimit)
    .map((v) => v.source);
  if (feeLess.length === 0) return undefined;
  return ordinalsSinceLastAccepted(tx, net.token, [...new Set(feeLess)].sort());
}

interface Row {
  value: SignedTransaction['value'];
  hash: string;
  json: string;
}

/** The batch's accepted posts in one statement of fixed text: one array per column. */
async function insertWaiting(db: DbOrTx, token: string, rows: Row[], now: Date) {
  const col = (f: (r: Row) => string | bigint) => list(rows.map(f));
  await run(
    db,
    q`insert into sandbox.constellation_waiting (token, hash, source,
      destination, amount, fee, parent_ordinal, parent_hash, salt, signed_json, received_at)
    select ${token}, u.*, ${now.toISOString()}::timestamptz
    from unnest(${col((r) => r.hash)}::text[], ${col((r) => r.value.source)}::text[],
      ${col((r) => r.value.destination)}::text[], ${col((r) => r.value.amount)}::int8[],
      ${col((r) => r.value.fee)}::int8[], ${col((r) => r.value.parent.ordinal)}::int8[],
      ${col((r) => r.value.parent.hash)}::text[], ${col((r) => r.value.salt)}::int8[],
      ${col((r) => r.json)}::text[])
      as u(hash, source, destination, amount, fee, parent_ordinal, parent_hash, salt, signed_json)`,
  );
}
