import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { transferTransactions } from '@/db/schema/index.ts';
import {
  signTransactions,
  TRANSACTION_LIMIT,
  transactionHash,
} from '@/integrations/constellation/index.ts';
import { maxUnits } from '@/shared/units.ts';
import { withWalletSigningKey } from '../../wallets/signing-key.ts';
import type { TransferDeps } from '../model/index.ts';
import { type Leg, signedToStored, storedToSigned } from './legs.ts';

/** What a leg pays the network when the fee-less rate limit would refuse it (0.002 token). */
export const MIN_NETWORK_FEE = TRANSACTION_LIMIT.minFeeWithoutLimit;

/** The node's refusal of a fee-less transaction beyond its rate limit (integrations.md §3.3). */
export const isTransactionLimited = (nodeMessage: string) =>
  nodeMessage.startsWith('TransactionLimited');

/**
 * A leg refused as TransactionLimited although its plan said it would pass (the chain moved,
 * or a node that cannot estimate): that leg and the ones chained after it are signed again
 * with at least the minimum network fee, which the limit does not apply to, and stored in place
 * of the refused bytes (nothing of them reached the network). Same parents, amounts and
 * destinations; new hashes. `legs` are updated in place; the caller posts them again once.
 */
export async function resignWithMinimumFee(
  deps: TransferDeps,
  db: Db,
  walletId: string,
  legs: Leg[],
) {
  const first = legs[0];
  if (!first) return;
  let parent = { ordinal: first.parentOrdinal, hash: first.parentHash };
  const values = legs.map((leg) => {
    const value = storedToSigned(leg.signed).value;
    const fee = maxUnits(value.fee, MIN_NETWORK_FEE);
    const next = { ...value, fee, parent };
    parent = { ordinal: parent.ordinal + 1n, hash: transactionHash(next) };
    return next;
  });
  const signed = await withWalletSigningKey(deps, walletId, (key, publicKey) =>
    signTransactions(values, key, publicKey),
  );
  await db.transaction(async (tx) => {
    for (const [i, leg] of legs.entries()) {
      const s = signed[i]!;
      const update = {
        hash: transactionHash(s.value),
        parentHash: s.value.parent.hash,
        signed: signedToStored(s),
      };
      await tx.update(transferTransactions).set(update).where(eq(transferTransactions.id, leg.id));
      Object.assign(leg, update);
    }
  });
}
