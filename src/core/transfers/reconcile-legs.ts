import type { Db } from '../../db/client.ts';
import { ConstellationHttpError } from '../../integrations/constellation/index.ts';
import type { Token } from '../../shared/tokens.ts';
import { forgetChainState } from './chain-state.ts';
import { type Leg, setLegState, storedToSigned } from './legs.ts';
import { observeLeg } from './observe.ts';
import type { TransferDeps } from './types.ts';

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
 * in line with the network. Never signs anything: an unknown leg whose ordinal the chain has not
 * reached is resubmitted byte for byte; one the chain moved past is rejected, and so is
 * everything after it on our chain (their parents can no longer be accepted).
 * Returns the ids of transfers whose legs changed.
 */
export async function reconcileLegs(deps: TransferDeps, db: Db, legs: Leg[]): Promise<Set<string>> {
  const touched = new Set<string>();
  let brokenAt: string | null = null;
  for (const leg of legs) {
    touched.add(leg.transferId);
    if (brokenAt) {
      // The chain is not where our legs said: the next plan reads the network again.
      forgetChainState(deps.constellation, leg.token, leg.sourceAddress);
      await setLegState(db, leg, 'rejected', { errorMessage: `parent not accepted (${brokenAt})` });
      continue;
    }
    let seen = await observeLeg(deps.constellation, db, leg);
    if (seen.status === 'absent') {
      const posted = await postLeg(deps, leg);
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
