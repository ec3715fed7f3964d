import type { Db } from '../../db/client.ts';
import { stringifyWithBigInts } from '../../integrations/constellation/json.ts';
import type { SignedTransaction } from '../../integrations/constellation/transaction.ts';
import { signedTransactionToWire } from '../../integrations/constellation/transaction-wire.ts';
import { constellationWaiting as waiting } from '../db/schema/constellation.ts';
import { lockAccounts, waitingChains } from './ledger.ts';
import type { TokenNetwork } from './network.ts';
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
    const account = await lockAccounts(tx, net, sources);
    const chains = await waitingChains(tx, net.token, sources);
    const rows: (typeof waiting.$inferInsert)[] = [];
    const results = batch.map(({ signed, hash }): SubmitResult => {
      const { value } = signed;
      const chain = chains.get(value.source) ?? [];
      // The hash covers the source: the same transaction waiting is in this chain (answered
      // with its hash, as a node does), whether it came earlier or earlier in this batch.
      if (chain.some((w) => w.hash === hash)) return { ok: true, hash };
      const problem = validateAgainstLedger(value, hash, account(value.source), chain);
      if (problem) return { ok: false, rejection: problem };
      chain.push({
        hash,
        parentOrdinal: value.parent.ordinal,
        amount: value.amount,
        fee: value.fee,
      });
      rows.push({
        token: net.token,
        hash,
        source: value.source,
        destination: value.destination,
        amount: value.amount,
        fee: value.fee,
        parentOrdinal: value.parent.ordinal,
        parentHash: value.parent.hash,
        salt: value.salt,
        signedJson: stringifyWithBigInts(signedTransactionToWire(signed)),
        receivedAt: now,
      });
      return { ok: true, hash };
    });
    if (rows.length > 0) await tx.insert(waiting).values(rows);
    return results;
  });
}
