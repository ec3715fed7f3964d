import type { Db } from '@/db/client.ts';
import type { TransferRow } from '@/db/schema/index.ts';
import {
  applyTransferState,
  forgetChainState,
  isTransactionLimited,
  type Leg,
  postLeg,
  reconcileLegs,
  refreshTransferState,
  rejectTransfer,
  resignWithMinimumFee,
  setLegsState,
  transferUnderLock,
  withSourceLock,
} from '../legs/index.ts';
import type { TransferDeps } from '../model/index.ts';
import { insufficientBalanceMessage } from '../model/index.ts';
import { transferById } from './lookups.ts';
import { markAllSubmitted } from './mark-submitted.ts';
import { planTransfer } from './plan.ts';

// Shared with the other transfers loading at the same moment (lookups.ts).
const load = async (db: Db, id: string) => (await transferById(db, id)) ?? undefined;

/**
 * Moves one recorded intent forward, under its source's lock: first settle planned transactions
 * a crashed run left on this chain, then (if this transfer has none yet) plan, sign, store and
 * only then submit. Idempotent: a second call never plans a second set of transactions.
 * Network errors propagate (retryable); the intent and any signed bytes stay for a retry.
 * Returns the transfer row and its legs when this call planned and submitted them (the caller
 * answers from them without reading again); otherwise undefined.
 */
export async function processTransfer(
  deps: TransferDeps,
  transferId: string,
  known?: TransferRow,
): Promise<{ row: TransferRow; legs: Leg[] } | undefined> {
  const initial = known ?? (await load(deps.db, transferId));
  if (!initial || initial.state === 'confirmed' || initial.state === 'rejected') return;
  return withSourceLock(deps.db, initial.fromAddress, async (db) => {
    // The transfer's state now, its chain's leftovers and its own legs: one shared select.
    const { transfer, leftovers, hasOwn } = await transferUnderLock(db, transferId);
    if (transfer?.state !== 'pending') return;
    if (leftovers.length > 0) await reconcileLegs(deps, db, leftovers);
    if (hasOwn) {
      await refreshTransferState(db, (await load(db, transfer.id))!, deps.logger);
      return;
    }
    const plan = await planTransfer(deps, db, transfer);
    if (!plan.ok) {
      const message = insufficientBalanceMessage(plan.available, plan.needed);
      await rejectTransfer(db, transfer.id, 'insufficient_balance', message, {
        balance: plan.available,
        needed: plan.needed,
      });
      return;
    }
    let failure: unknown = null;
    let allAccepted = false;
    try {
      allAccepted = await submitInOrder(deps, db, plan.legs, transfer.fromWalletId);
    } catch (err) {
      failure = err;
    }
    // The legs' states are known here (we hold the lock): no second read of them. All accepted
    // (the common case): legs and transfer marked in one shared statement (mark-submitted.ts).
    const planned = { ...transfer, amount: plan.amount, fee: plan.fee };
    const row =
      (allAccepted && (await markAllSubmitted(db, planned, plan.legs))) ||
      (await applyTransferState(db, planned, plan.legs, deps.logger));
    if (failure) throw failure;
    return { row, legs: plan.legs };
  });
}

/**
 * First submission of freshly signed legs; a refusal breaks the chain for the later ones.
 * Updates `legs` in place to the states stored, one update per state. True when the network
 * accepted every leg: those are left planned here for the caller to mark (markAllSubmitted).
 * A leg refused for the network's fee-less limit is signed again with the minimum fee, with the
 * legs after it, and posted once more.
 */
async function submitInOrder(
  deps: TransferDeps,
  db: Db,
  legs: Leg[],
  walletId: string,
): Promise<boolean> {
  let refused: string | null = null;
  const submitted: Leg[] = [];
  let allAccepted = false;
  let resigned = false;
  try {
    for (const [i, leg] of legs.entries()) {
      if (refused) {
        await setLegsState(db, [leg], 'rejected', {
          errorMessage: `parent not accepted (${refused})`,
        });
        continue;
      }
      let posted = await postLeg(deps, leg);
      if (!posted.ok && !resigned && isTransactionLimited(posted.nodeMessage)) {
        resigned = true;
        await resignWithMinimumFee(deps, db, walletId, legs.slice(i));
        posted = await postLeg(deps, leg);
      }
      if (posted.ok) submitted.push(leg);
      else {
        // Someone else may have moved the chain: the next plan reads the network again.
        forgetChainState(deps.constellation, leg.token, leg.sourceAddress);
        await setLegsState(db, [leg], 'rejected', { errorMessage: posted.nodeMessage });
        refused = posted.nodeMessage;
      }
    }
    allAccepted = refused === null;
  } finally {
    // Accepted legs are marked even when a later post threw (a network error): they are in.
    if (!allAccepted) await setLegsState(db, submitted, 'submitted');
  }
  return allAccepted;
}
