// The transfer service: intent-before-submit, per-source serialization, reconciliation (0002).
export { getWalletBalances, type WalletBalances } from './balances.ts';
export { TransferError, type TransferErrorCode } from './errors.ts';
export { type FeeTier, maxSendable, transferFee } from './fee.ts';
export { type HoldOutcome, placeHold, releaseExpiredHolds, releaseHold } from './holds.ts';
export { getTransfer, listTransfersForUser } from './queries.ts';
export { confirmTransfers, reconcileTransfers } from './reconcile.ts';
export { sweepSupersededWallets } from './sweep.ts';
export { transfer } from './transfer.ts';
export type {
  ResolveHandle,
  TransferDeps,
  TransferParams,
  TransferRecord,
  TransferState,
} from './types.ts';
export { startTransferWorker } from './worker.ts';
