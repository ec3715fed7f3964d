import type { TransferDeps, TransferParams, TransferRecord } from '../model/index.ts';
import {
  getTransfer,
  TransferError,
  type TransferErrorCode,
  toRecord,
  transferFee,
} from '../model/index.ts';
import { transferByKey } from './lookups.ts';
import { processTransfer } from './process-transfer.ts';
import { validateTransferRequest } from './request.ts';
import { resolveWallets } from './resolve.ts';
import { insertIntentBatched } from './store.ts';

/**
 * Sends `amount` of `token` to a user, handle or address; the sender also pays the tier's fee
 * to the fee wallet (decision 0002). The intent is stored before anything reaches the network;
 * the same idempotency key always yields this one transfer (a different payload → conflict).
 * Returns the transfer (pending, submitted or confirmed); throws TransferError when it is
 * refused or rejected, and network errors unchanged (retry with the same key).
 */
export async function transfer(
  deps: TransferDeps,
  params: TransferParams,
): Promise<TransferRecord> {
  const request = validateTransferRequest(params);
  let row = await transferByKey(deps.db, request.idempotencyKey);
  if (!row) {
    const { from, to } = await resolveWallets(deps, request.from, request.to);
    if (to.address === from.dagAddress) {
      throw new TransferError('same_wallet', 'Sender and recipient are the same wallet');
    }
    const amount = request.amount === 'all' ? null : request.amount;
    // Batched with the intents of concurrent requests (store.ts); null: a concurrent
    // request with the same key inserted first.
    row =
      (await insertIntentBatched(deps.db, {
        idempotencyKey: request.idempotencyKey,
        request: request.fingerprint,
        fromWalletId: from.id,
        fromAddress: from.dagAddress,
        toWalletId: to.wallet?.id ?? null,
        toAddress: to.address,
        token: request.token,
        feeTier: request.feeTier,
        amount,
        fee: amount === null ? null : transferFee(amount, request.feeTier),
      })) ?? (await transferByKey(deps.db, request.idempotencyKey));
    if (!row) throw new Error('transfer intent vanished after insert');
  }
  if (row.request !== request.fingerprint) {
    throw new TransferError(
      'idempotency_conflict',
      `Idempotency key "${request.idempotencyKey}" was used for a different transfer`,
      { transferId: row.id },
    );
  }
  const processed = row.state === 'pending' ? await processTransfer(deps, row.id, row) : undefined;
  const record = processed
    ? toRecord(processed.row, processed.legs)
    : (await getTransfer(deps, request))!;
  if (record.state === 'rejected') {
    const code = (record.error?.code ?? 'rejected_by_network') as TransferErrorCode;
    const message = record.error?.message ?? 'The network rejected the transfer';
    throw new TransferError(code, message, {
      transferId: record.id,
      balance: record.error?.balance,
      needed: record.error?.needed,
    });
  }
  return record;
}
