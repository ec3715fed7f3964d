// What a wallet can spend: the one balance view (decision 0012) and the holds that set money
// aside for paid work under way (decision 0037).
export {
  type HoldOutcome,
  heldAmount,
  placeHold,
  releaseExpiredHolds,
  releaseHold,
} from './holds.ts';
export { type BalanceNetwork, getSpendableBalance } from './spendable.ts';
export { getWalletBalances, type WalletBalances } from './wallet-balances.ts';
