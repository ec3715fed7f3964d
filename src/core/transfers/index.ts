/*
 * The transfer service: intent-before-submit, per-source serialization, reconciliation
 * (decisions 0002, 0027, 0031, 0060). Two rooms, one per entry point, that never import each
 * other (tests/architecture/transfer-rooms.test.ts), over what both use:
 *   send/     a transfer, under its source's lock: request, plan, sign, post, mark
 *   confirm/  the poller: which submitted legs the network took, and the transfers they settle
 *   legs/     one source chain's legs: table, lock, chain state, post, observe, re-sign,
 *             reconcile, a transfer taking its legs' state (imports model/ only)
 *   model/    types, errors, fee math, the queries the API answers from (imports nothing here)
 *   balances/ the spendable view every answer uses (0012), holds for paid work (0037)
 * Beside them, composing both: recover.ts (start-up) and worker.ts (the loop).
 *
 * A send, `transfer()`, in order:
 *   send/  transfer.ts           checks the request (request.ts), finds the intent by its
 *                                idempotency key (lookups.ts), resolves the wallets
 *                                (resolve.ts) and records the intent (store.ts), then
 *   send/  process-transfer.ts   under the source's lock (legs/source-lock.ts):
 *   legs/  reconcile-legs.ts     legs a crashed run left on the chain go first, then
 *   send/  plan.ts               reads the chain (legs/chain-state.ts: kept per chain), checks
 *                                the balance minus our live legs and holds, picks the parent,
 *   send/  network-fee.ts        the network fee per leg (the fee-less rate limit); plan.ts
 *                                signs the payment and fee legs and stores them with the final
 *                                amount and fee in one statement (store.ts)
 *   legs/  reconcile-legs.ts     postLeg sends each leg's stored bytes, in order;
 *   legs/  resign-limited.ts     a leg refused as TransactionLimited is signed again once with
 *                                the minimum fee, with the legs after it, and posted again;
 *   send/  mark-submitted.ts     all accepted: legs and transfer marked submitted in one
 *                                statement; otherwise
 *   legs/  transfer-state.ts     the transfer takes its payment leg's state (a refused plan
 *                                or leg: rejected, with the reason).
 *
 * Afterwards the worker runs confirmTransfers every confirmIntervalMs:
 *   confirm/ snapshot-scan.ts      per token, one call for the latest snapshot; only when it
 *                                  moved, the explorer's lists show which submitted legs it
 *                                  took; legs still not shown two snapshots later are looked up
 *                                  one by one (explorer, then pool) in confirm-transfers.ts
 *   legs/    reconcile-legs.ts     lost legs and chains with planned legs, under the chain's
 *                                  lock (tried, never waited for): per leg, where it stands
 *   legs/    observe-leg.ts        (confirmed, accepted, waiting, absent: resubmit the same
 *                                  bytes, superseded: reject it and every leg after it)
 *   confirm/ settled-transfers.ts  transfers whose legs are all final: all confirmed in one
 *                                  update, mixed outcomes via legs/transfer-state.ts
 * At start-up reconcileTransfers (recover.ts) first moves every pending intent through
 * processTransfer. Now and then the worker also sweeps superseded handle wallets
 * (send/sweep-superseded.ts, an ordinary transfer of 'all') and releases holds past expiry.
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
export { confirmTransfers } from './confirm/index.ts';
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
} from './model/index.ts';
export { reconcileTransfers } from './recover.ts';
export {
  maxSendableWithNetworkFee,
  networkFeeAtMost,
  sweepSupersededWallets,
  transfer,
} from './send/index.ts';
export { startTransferWorker } from './worker.ts';
