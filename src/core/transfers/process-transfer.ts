import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { transfers } from '../../db/schema/index.ts';
import { insufficientBalanceMessage } from './errors.ts';
import { legsInStates, legsOfTransfer, setLegState } from './legs.ts';
import { planTransfer } from './plan.ts';
import { postLeg, reconcileLegs } from './reconcile-legs.ts';
import { withSourceLock } from './source-lock.ts';
import { refreshTransferState, rejectTransfer } from './transfer-state.ts';
import type { TransferDeps } from './types.ts';

const load = async (db: Db, id: string) =>
  (await db.select().from(transfers).where(eq(transfers.id, id)))[0];

/**
 * Moves one recorded intent forward, under its source's lock: first settle planned transactions
 * a crashed run left on this chain, then (if this transfer has none yet) plan, sign, store and
 * only then submit. Idempotent: a second call never plans a second set of transactions.
 * Network errors propagate (retryable); the intent and any signed bytes stay for a retry.
 */
export async function processTransfer(deps: TransferDeps, transferId: string): Promise<void> {
  const initial = await load(deps.db, transferId);
  if (!initial || initial.state === 'confirmed' || initial.state === 'rejected') return;
  await withSourceLock(deps.db, initial.fromAddress, async (db) => {
    const transfer = await load(db, transferId);
    if (transfer?.state !== 'pending') return;
    const leftovers = await legsInStates(db, transfer.fromAddress, transfer.token, ['planned']);
    if (leftovers.length > 0) await reconcileLegs(deps, db, leftovers);

    if ((await legsOfTransfer(db, transfer.id)).length === 0) {
      const plan = await planTransfer(deps, db, transfer);
      if (!plan.ok) {
        const message = insufficientBalanceMessage(plan.available, plan.needed);
        await rejectTransfer(db, transfer.id, 'insufficient_balance', message, {
          balance: plan.available,
          needed: plan.needed,
        });
        return;
      }
      try {
        await submitInOrder(deps, db, plan.legs);
      } finally {
        await refreshTransferState(db, (await load(db, transfer.id))!, deps.logger);
      }
      return; // refreshed just above; nothing moved since (we hold the lock)
    }
    await refreshTransferState(db, (await load(db, transfer.id))!, deps.logger);
  });
}

/** First submission of freshly signed legs; a refusal breaks the chain for the later ones. */
async function submitInOrder(
  deps: TransferDeps,
  db: Db,
  legs: Awaited<ReturnType<typeof legsOfTransfer>>,
) {
  let refused: string | null = null;
  for (const leg of legs) {
    if (refused) {
      await setLegState(db, leg, 'rejected', { errorMessage: `parent not accepted (${refused})` });
      continue;
    }
    const posted = await postLeg(deps, leg);
    if (posted.ok) await setLegState(db, leg, 'submitted');
    else {
      await setLegState(db, leg, 'rejected', { errorMessage: posted.nodeMessage });
      refused = posted.nodeMessage;
    }
  }
}
