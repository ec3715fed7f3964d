import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { transfers } from '@/db/schema/index.ts';
import { ConstellationHttpError } from '@/integrations/constellation/index.ts';
import type { Token } from '@/shared/tokens.ts';
import type { TransferDeps } from '../model/index.ts';
import { forgetChainState } from './chain-state.ts';
import { type Leg, setLegState, storedToSigned } from './legs.ts';
import { observeLeg } from './observe-leg.ts';
import { isTransactionLimited, resignWithMinimumFee } from './resign-limited.ts';

/** Submits a leg's stored bytes. 4xx → 'rejected' with the node's message; network errors throw. */
export async function postLeg(
  deps: TransferDeps,
  leg: Leg,
): Promise<{ ok: true } | { ok: false; nodeMessage: string }> {
  try {
    const { hash } = await deps.constellation.postTransaction(
      leg.token as Token,
      storedToSigned(leg.signed),
    );
    if (hash !== leg.hash) throw new Error(`node hashed ${leg.hash} as ${hash}`);
    return { ok: true };
  } catch (err) {
    if (err instanceof ConstellationHttpError && !err.retryable) {
      return { ok: false, nodeMessage: err.nodeMessage };
    }
    throw err;
  }
}

/**
 * Brings unfinished legs of ONE source chain (ordered by ordinal; caller holds the source lock)
 * in line with the network. An unknown leg whose ordinal the chain has not reached is
 * resubmitted byte for byte; one the chain moved past is rejected, and so is everything after
 * it on our chain (their parents can no longer be accepted). The one signing: a resubmitted leg
 * the node refuses as TransactionLimited (the fee-less limit caught up with a plan made before a
 * crash) is signed again with the minimum network fee, with the legs after it, as a first
 * submission is (resign-limited.ts) — safe because the refused bytes never entered the chain,
 * and the new ones take the same parent, so at most one of the two can ever be accepted.
 * Returns the ids of transfers whose legs changed.
 */
export async function reconcileLegs(deps: TransferDeps, db: Db, legs: Leg[]): Promise<Set<string>> {
  const touched = new Set<string>();
  let brokenAt: string | null = null;
  let resigned = false;
  for (const [i, leg] of legs.entries()) {
    touched.add(leg.transferId);
    if (brokenAt) {
      // The chain is not where our legs said: the next plan reads the network again.
      forgetChainState(deps.constellation, leg.token, leg.sourceAddress);
      await setLegState(db, leg, 'rejected', { errorMessage: `parent not accepted (${brokenAt})` });
      continue;
    }
    let seen = await observeLeg(deps.constellation, db, leg);
    if (seen.status === 'absent') {
      let posted = await postLeg(deps, leg);
      if (!posted.ok && !resigned && isTransactionLimited(posted.nodeMessage)) {
        resigned = true;
        await resignWithMinimumFee(deps, db, await sourceWalletOf(db, leg), legs.slice(i));
        posted = await postLeg(deps, leg);
      }
      if (posted.ok) seen = { status: 'waiting' };
      else {
        // Refused now, but it may have been accepted before (a lost answer): look again.
        seen = await observeLeg(deps.constellation, db, leg);
        if (seen.status === 'absent') {
          await setLegState(db, leg, 'rejected', { errorMessage: posted.nodeMessage });
          brokenAt = posted.nodeMessage;
          forgetChainState(deps.constellation, leg.token, leg.sourceAddress);
          continue;
        }
      }
    }
    if (seen.status === 'confirmed') {
      await setLegState(db, leg, 'submitted');
      await setLegState(db, leg, 'confirmed', { snapshotOrdinal: seen.snapshotOrdinal });
    } else if (seen.status === 'superseded') {
      const reason = `not accepted: the chain moved past ordinal ${leg.ordinal} (now ${seen.lastOrdinal})`;
      await setLegState(db, leg, 'rejected', { errorMessage: reason });
      brokenAt = reason;
      forgetChainState(deps.constellation, leg.token, leg.sourceAddress);
    } else {
      await setLegState(db, leg, 'submitted'); // waiting or accepted
    }
  }
  return touched;
}

/** The wallet whose key signs a leg's chain: its transfer's source wallet. */
async function sourceWalletOf(db: Db, leg: Leg): Promise<string> {
  const [row] = await db
    .select({ walletId: transfers.fromWalletId })
    .from(transfers)
    .where(eq(transfers.id, leg.transferId));
  if (!row) throw new Error(`transfer ${leg.transferId} of leg ${leg.hash} not found`);
  return row.walletId;
}
