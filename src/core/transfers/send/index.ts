// The send room: what runs for one transfer, the intent first and then under its source's lock:
// the request checked, wallets resolved, intent stored (transfer.ts), then processTransfer
// plans, signs, posts and marks its legs. Imports legs/ and model/, never confirm/.
export { maxSendableWithNetworkFee, networkFeeAtMost } from './network-fee.ts';
export { processTransfer } from './process-transfer.ts';
export { resolveSourceWallet } from './resolve.ts';
export { sweepSupersededWallets } from './sweep-superseded.ts';
export { transfer } from './transfer.ts';
