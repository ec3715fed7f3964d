/*
 * The transfer service: intent-before-submit, per-source serialization, reconciliation
 * (decisions 0002, 0027, 0031). Each stage is a folder whose index.ts is what the others use.
 *
 * A send, `transfer()` (transfer.ts), in order:
 *   plan/     request.ts          checks the request (no database, no network)
 *             lookups.ts          the intent by its idempotency key, if any (one batched select)
 *             resolve.ts          the source's and recipient's wallets (created when needed)
 *             store.ts            records the intent (insertIntentBatched), then
 *   submit/   process-transfer.ts under the source's lock (shared/source-lock.ts):
 *                                 legs a crashed run left on the chain go first
 *                                 (reconcile-legs.ts), then
 *   plan/     plan.ts             reads the chain (chain-state.ts: kept per chain), checks the
 *                                 balance minus our live legs and holds, picks the parent, and
 *   sign/     network-fee.ts      the network fee per leg (the fee-less rate limit); plan.ts
 *                                 signs the payment and fee legs and stores them with the final
 *                                 amount and fee in one statement (plan/store.ts)
 *   submit/   reconcile-legs.ts   postLeg sends each leg's stored bytes, in order;
 *   sign/     resign-limited.ts   a leg refused as TransactionLimited is signed again once with
 *                                 the minimum fee, with the legs after it, and posted again;
 *   submit/   mark-submitted.ts   all accepted: legs and transfer marked submitted in one
 *                                 statement; otherwise
 *   settle/   transfer-state.ts   the transfer takes its payment leg's state (a refused plan
 *                                 or leg: rejected, with the reason).
 *
 * Afterwards, the worker (worker.ts) runs confirmTransfers (reconcile.ts) every
 * confirmIntervalMs:
 *   observe/  snapshot-scan.ts    per token, one call for the latest snapshot; only when it
 *                                 moved, the explorer's lists show which submitted legs it took;
 *                                 legs still not shown two snapshots later are looked up one by
 *                                 one (explorer, then pool) in reconcile.ts
 *   submit/   reconcile-legs.ts   lost legs and chains with planned legs, under the chain's lock
 *                                 (tried, never waited for): per leg, where it stands
 *   observe/  observe-leg.ts      (confirmed, accepted, waiting, absent: resubmit the same bytes,
 *                                 superseded: reject it and every leg after it)
 *   settle/   settled-transfers.ts transfers whose legs are all final: all confirmed in one
 *                                 update, mixed outcomes via transfer-state.ts
 * At start-up reconcileTransfers first moves every pending intent through processTransfer.
 * Now and then the worker also sweeps superseded handle wallets (sweep-superseded.ts, an
 * ordinary transfer of 'all') and releases holds past their expiry.
 *
 * Beside the stages: shared/ (types, errors, fee math, the legs table and its batched
 * statements, the source lock, queries for the API) and balances/ (the spendable view every
 * answer uses, decision 0012; holds that set money aside for paid work, decision 0037).
 */
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
