// Stage 1, plan: a request checked, its wallets resolved, its intent recorded, then (under the
// source lock) its amounts, parent and legs decided against the chain's state and stored.
export { chainState, forgetChainState } from './chain-state.ts';
export { transferById, transferByKey } from './lookups.ts';
export { planTransfer } from './plan.ts';
export { validateTransferRequest } from './request.ts';
export { resolveSourceWallet, resolveWallets } from './resolve.ts';
export { insertIntentBatched } from './store.ts';
