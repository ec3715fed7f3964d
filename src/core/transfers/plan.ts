import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type TransferRow, transfers, transferTransactions } from '../../db/schema/index.ts';
import {
  randomSalt,
  signTransactions,
  type TransactionReference,
  type TransactionValue,
  transactionHash,
} from '../../integrations/constellation/index.ts';
import type { Token } from '../../shared/tokens.ts';
import { getWalletBySystemRole, provisionSystemWallets } from '../wallets/index.ts';
import { withWalletSigningKey } from '../wallets/signing-key.ts';
import { type FeeTier, maxSendable, transferFee } from './fee.ts';
import { chainHead, type Leg, signedToStored, spentAfter } from './legs.ts';
import type { TransferDeps } from './types.ts';

/** On success, the stored legs in submission order (payment, then fee). */
export type PlanResult =
  | { ok: true; legs: Leg[] }
  | { ok: false; available: bigint; needed: bigint };

/**
 * Plans a pending transfer (caller holds the source lock): picks the parent, checks the balance,
 * signs the payment and fee transactions and stores them with the final amount and fee in one
 * database transaction. Nothing is sent here: after this, a crash leaves exact bytes to resubmit.
 */
export async function planTransfer(
  deps: TransferDeps,
  db: Db,
  transfer: TransferRow,
): Promise<PlanResult> {
  const token = transfer.token as Token;
  const source = transfer.fromAddress;
  const { networkRef, balance } = await readChainState(deps, token, source);
  const head = await chainHead(db, source, token);
  const parent: TransactionReference =
    head && head.ordinal > networkRef.ordinal
      ? { ordinal: head.ordinal, hash: head.hash }
      : networkRef;
  const available = balance - (await spentAfter(db, source, token, networkRef.ordinal));

  const tier = transfer.feeTier as FeeTier;
  const amount = transfer.amount ?? maxSendable(available, tier);
  const feeWallet =
    (await getWalletBySystemRole(deps, { role: 'fees' })) ??
    (await provisionSystemWallets(deps)).fees;
  // The fee wallet itself pays no fee (it would be a transaction to itself).
  const fee = feeWallet.dagAddress === source ? 0n : transferFee(amount, tier);
  if (amount <= 0n || amount + fee > available) {
    return { ok: false, available, needed: amount + fee };
  }

  const payment: TransactionValue = {
    source,
    destination: transfer.toAddress,
    amount,
    fee: 0n,
    parent,
    salt: randomSalt(),
  };
  const values = [payment];
  if (fee > 0n) {
    const after = { ordinal: parent.ordinal + 1n, hash: transactionHash(payment) };
    values.push({ ...payment, destination: feeWallet.dagAddress, amount: fee, parent: after });
  }
  const signed = await withWalletSigningKey(deps, transfer.fromWalletId, (key) =>
    signTransactions(values, key),
  );
  const legs = await db.transaction(async (tx) => {
    const stored = await tx
      .insert(transferTransactions)
      .values(
        signed.map((s, seq) => ({
          transferId: transfer.id,
          seq,
          kind: seq === 0 ? 'payment' : 'fee',
          token,
          sourceAddress: source,
          destinationAddress: s.value.destination,
          amount: s.value.amount,
          parentOrdinal: s.value.parent.ordinal,
          parentHash: s.value.parent.hash,
          ordinal: s.value.parent.ordinal + 1n,
          hash: transactionHash(s.value),
          signed: signedToStored(s),
        })),
      )
      .returning();
    await tx
      .update(transfers)
      .set({ amount, fee, updatedAt: new Date() })
      .where(eq(transfers.id, transfer.id));
    return stored.sort((a, b) => a.seq - b.seq);
  });
  return { ok: true, legs };
}

/**
 * The source's last reference and balance, read as of one snapshot: reference, balance, then
 * the reference again, retried while a snapshot lands in between. If it keeps moving, the first
 * reference is kept: counted from it, a transaction in the new snapshot is subtracted twice
 * (refused too early), never not at all (overdraft).
 */
async function readChainState(deps: TransferDeps, token: Token, source: string) {
  const firstRef = await deps.constellation.getLastReference(token, source);
  let networkRef = firstRef;
  for (let attempt = 0; attempt < 3; attempt++) {
    const { balance } = await deps.constellation.getBalance(token, source);
    const after = await deps.constellation.getLastReference(token, source);
    if (after.ordinal === networkRef.ordinal && after.hash === networkRef.hash) {
      return { networkRef, balance };
    }
    networkRef = after;
  }
  const { balance } = await deps.constellation.getBalance(token, source);
  return { networkRef: firstRef, balance };
}
