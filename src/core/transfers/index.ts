// The transfer service: intent-before-submit, per-source serialization, reconciliation (0002).
export {
  type BalanceNetwork,
  getSpendableBalance,
  getWalletBalances,
  type HoldOutcome,
  heldAmount,
  placeHold,
  releaseExpiredHolds,
  releaseHold,
  type WalletBalances,
} from './balances/index.ts';
export { confirmTransfers, reconcileTransfers } from './reconcile.ts';
export {
  type FeeTier,
  getTransfer,
  listTransfersForUser,
  maxSendable,
  type ResolveHandle,
  type TransferDeps,
  TransferError,
  type TransferErrorCode,
  type TransferParams,
  type TransferRecord,
  type TransferState,
  transferFee,
} from './shared/index.ts';
export { maxSendableWithNetworkFee, networkFeeAtMost } from './sign/index.ts';
export { sweepSupersededWallets } from './sweep-superseded.ts';
export { transfer } from './transfer.ts';
export { startTransferWorker } from './worker.ts';
