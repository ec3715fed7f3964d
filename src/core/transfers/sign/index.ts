// Stage 2, sign: the network fee each leg is signed with, and signing a refused chain of legs
// again with the minimum fee (the first signature is taken in plan/plan.ts).
export {
  maxSendableWithNetworkFee,
  networkFeeAtMost,
  networkFeePerLeg,
} from './network-fee.ts';
export { isTransactionLimited, resignWithMinimumFee } from './resign-limited.ts';
