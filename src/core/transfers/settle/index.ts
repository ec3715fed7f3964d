// Stage 5, settle: a transfer takes the state of its legs, one at a time or many in one update.
export {
  confirmFullyConfirmed,
  settledTransfers,
  sweepIsDue,
  unfinishedLeg,
} from './settled-transfers.ts';
export { applyTransferState, refreshTransferState, rejectTransfer } from './transfer-state.ts';
