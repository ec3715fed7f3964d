// What every stage shares: the service's types and errors, the fee math, the legs table (one
// signed network transaction per row), the per-chain source lock and the read side (queries).
export { insufficientBalanceMessage, TransferError, type TransferErrorCode } from './errors.ts';
export { FEE_BASIS_POINTS, type FeeTier, maxSendable, transferFee } from './fee.ts';
export {
  chainPassesThrough,
  type Leg,
  legsInStates,
  legsOfTransfer,
  liveLegsAfter,
  setLegState,
  setLegsState,
  signedToStored,
  storedToSigned,
} from './legs.ts';
export { legOutflow, transferUnderLock } from './legs-batched.ts';
export { getTransfer, listTransfersForUser, toRecord } from './queries.ts';
export { tryWithSourceLock, withSourceLock } from './source-lock.ts';
export type {
  ResolveHandle,
  TransferDeps,
  TransferParams,
  TransferRecipient,
  TransferRecord,
  TransferSource,
  TransferState,
} from './types.ts';
