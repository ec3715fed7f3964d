// One source chain's legs (one signed network transaction each), used by both entry points:
// the legs table and its batched statements, the source lock, the chain state kept per chain,
// where one leg stands on the network, posting and re-signing, bringing a chain in line, and
// the transfer taking its legs' state. Imports model/ only; send/ and confirm/ import this.
export { chainState, forgetChainState } from './chain-state.ts';
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
export { observeLeg } from './observe-leg.ts';
export { postLeg, reconcileLegs } from './reconcile-legs.ts';
export { isTransactionLimited, MIN_NETWORK_FEE, resignWithMinimumFee } from './resign-limited.ts';
export { tryWithSourceLock, withSourceLock } from './source-lock.ts';
export { applyTransferState, refreshTransferState, rejectTransfer } from './transfer-state.ts';
