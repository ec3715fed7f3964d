// What every room shares and nothing here imports back: the service's types and errors, the
// fee math and the read side the API answers from (queries).
export { insufficientBalanceMessage, TransferError, type TransferErrorCode } from './errors.ts';
export { FEE_BASIS_POINTS, type FeeTier, maxSendable, transferFee } from './fee.ts';
export { getTransfer, listTransfersForUser, toRecord } from './queries.ts';
export type {
  LegState,
  ResolveHandle,
  TransferDeps,
  TransferParams,
  TransferRecipient,
  TransferRecord,
  TransferSource,
  TransferState,
} from './types.ts';
