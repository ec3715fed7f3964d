import { eq } from 'drizzle-orm';
import { transferTransactions } from '@/db/schema/index.ts';
import type { Token } from '@/shared/tokens.ts';
import {
  legsInStates,
  reconcileLegs,
  refreshTransferState,
  setLegState,
  setLegsState,
  tryWithSourceLock,
} from '../legs/index.ts';
import type { TransferDeps } from '../model/index.ts';
import {
  confirmFullyConfirmed,
  settledTransfers,
  sweepIsDue,
  unfinishedLeg,
} from './settled-transfers.ts';
import { type OpenLeg, type ScanResult, scanSnapshots } from './snapshot-scan.ts';

const CHECKS_AT_ONCE = 8;

/**
 * The confirmation poller: submitted transactions a snapshot accepted are confirmed from one
 * explorer page per chain, only when a new snapshot exists (snapshot-scan.ts); the
 * rest, and every chain with planned transactions, are checked against the network under the
 * chain's lock (confirmed → confirmed; waiting → submitted; lost → resubmitted, same bytes;
 * passed over → rejected); then transfers take their payment's state (settled-transfers.ts).
 */
export async function confirmTransfers(deps: TransferDeps): Promise<void> {
  // Only what the round looks at: the signed bytes (jsonb) are read under the lock if needed.
  const open = await deps.db
    .select({
      id: transferTransactions.id,
      transferId: transferTransactions.transferId,
      token: transferTransactions.token,
      sourceAddress: transferTransactions.sourceAddress,
      hash: transferTransactions.hash,
      state: transferTransactions.state,
    })
    .from(transferTransactions)
    .where(unfinishedLeg);
  const needLock = new Map<string, Chain>();
  const submitted = open.filter((l) => l.state === 'submitted');
  let scan: ScanResult = { confirmed: [], due: [] };
  try {
    scan = await scanSnapshots(deps.constellation, submitted);
  } catch (err) {
    deps.logger.warn({ err }, 'transfer confirmation scan failed');
  }
  // One update per snapshot ordinal (states only move forward, so no lock is needed).
  const byOrdinal = new Map<bigint, OpenLeg[]>();
  for (const { leg, snapshotOrdinal } of scan.confirmed) {
    byOrdinal.set(snapshotOrdinal, [...(byOrdinal.get(snapshotOrdinal) ?? []), leg]);
  }
  await Promise.all(
    [...byOrdinal].map(([snapshotOrdinal, legs]) =>
      setLegsState(deps.db, legs, 'confirmed', { snapshotOrdinal }),
    ),
  );
  const lost = new Set<string>();
  // Legs the scan did not find in time: the explorer shows it, or it waits in the pool.
  const check = async (leg: OpenLeg) => {
    const chain = { source: leg.sourceAddress, token: leg.token };
    try {
      const tx = await deps.constellation.getExplorerTransaction(leg.token as Token, leg.hash);
      if (tx) {
        await setLegState(deps.db, leg, 'confirmed', { snapshotOrdinal: tx.snapshotOrdinal });
        return;
      }
      if (await deps.constellation.getPendingTransaction(leg.token as Token, leg.hash)) return;
    } catch (err) {
      deps.logger.warn({ err, ...chain }, 'transfer confirmation check failed');
      return;
    }
    needLock.set(`${chain.source}:${chain.token}`, chain);
    lost.add(leg.id);
  };
  // A few look-ups at a time: a poll round stays short with hundreds of transfers in flight.
  for (let i = 0; i < scan.due.length; i += CHECKS_AT_ONCE) {
    await Promise.all(scan.due.slice(i, i + CHECKS_AT_ONCE).map(check));
  }
  // Chains with planned legs, read now rather than at the round's start: by now their senders
  // have submitted most of those (a transfer takes less than a round), and trying each such
  // chain's lock cost three round trips on PostgreSQL, one chain after another (decision 0027).
  const planned = await deps.db
    .selectDistinct({
      source: transferTransactions.sourceAddress,
      token: transferTransactions.token,
    })
    .from(transferTransactions)
    .where(eq(transferTransactions.state, 'planned'));
  for (const chain of planned) needLock.set(`${chain.source}:${chain.token}`, chain);
  const chains = [...needLock.values()];
  let reconciled = false;
  for (let i = 0; i < chains.length; i += CHECKS_AT_ONCE) {
    const moved = await Promise.all(
      chains.slice(i, i + CHECKS_AT_ONCE).map((chain) => settleChain(deps, chain, lost)),
    );
    reconciled ||= moved.includes(true);
  }
  const confirmed = await confirmFullyConfirmed(
    deps,
    scan.confirmed.map((c) => c.leg.transferId),
  );
  // Transfers whose transactions are all final: the ones this round's scan and checks touched
  // (mixed outcomes), and every such transfer when a chain was reconciled, on a process's
  // first round (after a crash between the two updates) and every few seconds.
  const everything = reconciled || sweepIsDue(deps.db);
  const touched = [
    ...scan.confirmed.map((c) => c.leg.transferId).filter((id) => !confirmed.has(id)),
    ...scan.due.map((l) => l.transferId),
  ];
  if (!everything && touched.length === 0) return;
  const settled = await settledTransfers(deps, everything ? null : touched);
  for (const transfer of settled) await refreshTransferState(deps.db, transfer, deps.logger);
}

type Chain = { source: string; token: string };

/**
 * One chain's planned (or lost) legs, under its lock; a held lock means its holder moves it.
 * True when legs were reconciled here.
 */
async function settleChain(deps: TransferDeps, chain: Chain, lost: Set<string>) {
  try {
    const result = await tryWithSourceLock(deps.db, chain.source, async (db) => {
      // From the first leg that needs it (planned: a sender died or has just finished; or
      // lost): the ones before are in the pool or a snapshot, and checking them one by one
      // under the lock held their sender up. A refusal rejects all after it.
      const legs = await legsInStates(db, chain.source, chain.token, ['planned', 'submitted']);
      const from = legs.findIndex((l) => l.state === 'planned' || lost.has(l.id));
      if (from < 0) return false;
      await reconcileLegs(deps, db, legs.slice(from));
      return true;
    });
    return result.ran && result.value;
  } catch (err) {
    // One unreachable network or chain must not hold up the others; the next round retries.
    deps.logger.warn({ err, ...chain }, 'transfer chain could not be reconciled yet');
    return false;
  }
}
