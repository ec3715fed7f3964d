import type { Db } from '../../db/client.ts';
import { stringifyWithBigInts } from '../../integrations/constellation/json.ts';
import {
  type SignedTransaction,
  verifySignedTransaction,
} from '../../integrations/constellation/transaction.ts';
import { signedTransactionToWire } from '../../integrations/constellation/transaction-wire.ts';
import { constellationWaiting as waiting } from '../db/schema/constellation.ts';
import { readAccount, waitingChain } from './ledger.ts';
import type { TokenNetwork } from './network.ts';
import { type NodeRejection, rejection, validateAgainstLedger } from './validate.ts';

export type SubmitResult = { ok: true; hash: string } | { ok: false; rejection: NodeRejection };

/**
 * `POST /transactions` of an L1: stateless checks, then — inside a transaction holding the
 * source account's row lock, so concurrent posts from one address (any number of processes on
 * PostgreSQL) are serialised — the chain and balance checks and the insert into the waiting pool.
 * Posting the very same transaction again while it waits answers its hash again.
 */
export async function submitTransaction(
  db: Db,
  net: TokenNetwork,
  signed: SignedTransaction,
  now: Date,
): Promise<SubmitResult> {
  const { value } = signed;
  const verified = verifySignedTransaction(signed);
  if (!verified.ok) return { ok: false, rejection: rejection(verified.reason) };
  if (value.source === value.destination) {
    return { ok: false, rejection: rejection('SameSourceAndDestinationAddress', value.source) };
  }
  const hash = verified.hash;
  return db.transaction(async (tx) => {
    const account = await readAccount(tx, net, value.source, true);
    // The hash covers the source, so the same transaction waiting is in this source's chain:
    // one query answers both (issue 11).
    const chain = await waitingChain(tx, net.token, value.source);
    if (chain.some((w) => w.hash === hash)) return { ok: true, hash };
    const problem = validateAgainstLedger(value, hash, account, chain);
    if (problem) return { ok: false, rejection: problem };
    await tx.insert(waiting).values({
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
}
