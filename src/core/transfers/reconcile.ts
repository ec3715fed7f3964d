import { and, eq, exists, inArray, not } from 'drizzle-orm';
import { transfers, transferTransactions } from '../../db/schema/index.ts';
import type { Token } from '../../shared/tokens.ts';
import { legsInStates, setLegState } from './legs.ts';
import { processTransfer } from './process-transfer.ts';
import { reconcileLegs } from './reconcile-legs.ts';
import { tryWithSourceLock } from './source-lock.ts';
import { refreshTransferState } from './transfer-state.ts';
import type { TransferDeps } from './types.ts';

const CHECKS_AT_ONCE = 8;
const unfinishedLeg = inArray(transferTransactions.state, ['planned', 'submitted']);

/**
 * The confirmation poller: every source chain with unfinished transactions is checked against
 * the network under its lock (confirmed → confirmed; waiting → submitted; lost → resubmitted,
 * same bytes; passed over → rejected), then transfers take their payment's state.
 */
export async function confirmTransfers(deps: TransferDeps): Promise<void> {
  const open = await deps.db.select().from(transferTransactions).where(unfinishedLeg);
  // Fast path without the lock (states only move forward): the explorer shows it, or it waits
  // in the pool. Senders are not held up by the poller while their transactions settle.
  const needLock = new Map<string, { source: string; token: string }>();
  const check = async (leg: (typeof open)[number]) => {
    const chain = { source: leg.sourceAddress, token: leg.token };
    try {
      if (leg.state === 'submitted') {
        const tx = await deps.constellation.getExplorerTransaction(leg.token as Token, leg.hash);
        if (tx) {
          await setLegState(deps.db, leg, 'confirmed', { snapshotOrdinal: tx.snapshotOrdinal });
          return;
        }
        if (await deps.constellation.getPendingTransaction(leg.token as Token, leg.hash)) return;
      }
    } catch (err) {
      deps.logger.warn({ err, ...chain }, 'transfer confirmation check failed');
      return;
    }
    needLock.set(`${chain.source}:${chain.token}`, chain);
  };
  // A few look-ups at a time: a poll round stays short with hundreds of transfers in flight.
  for (let i = 0; i < open.length; i += CHECKS_AT_ONCE) {
    await Promise.all(open.slice(i, i + CHECKS_AT_ONCE).map(check));
  }
  for (const chain of needLock.values()) {
    try {
      // A chain whose lock is held is being moved by its holder: skip it this round.
      await tryWithSourceLock(deps.db, chain.source, async (db) => {
        const legs = await legsInStates(db, chain.source, chain.token, ['planned', 'submitted']);
        await reconcileLegs(deps, db, legs);
      });
    } catch (err) {
      // One unreachable network or chain must not hold up the others; the next round retries.
      deps.logger.warn({ err, ...chain }, 'transfer chain could not be reconciled yet');
    }
  }
  // Transfers whose transactions are all final (also after a crash between the two updates).
  const settled = await deps.db
    .select()
    .from(transfers)
    .where(
      and(
        inArray(transfers.state, ['pending', 'submitted']),
        exists(
          deps.db
            .select({ one: transferTransactions.id })
            .from(transferTransactions)
            .where(eq(transferTransactions.transferId, transfers.id)),
        ),
        not(
          exists(
            deps.db
              .select({ one: transferTransactions.id })
              .from(transferTransactions)
              .where(and(eq(transferTransactions.transferId, transfers.id), unfinishedLeg)),
          ),
        ),
      ),
    );
  for (const transfer of settled) await refreshTransferState(deps.db, transfer, deps.logger);
}

/**
 * Start-up recovery: every unfinished intent is finished against the network. Intents never
 * planned are planned and submitted now; signed transactions are confirmed, resubmitted (same
 * bytes) or rejected — never signed again. Safe to run in several processes at once.
 */
export async function reconcileTransfers(deps: TransferDeps): Promise<void> {
  const pending = await deps.db
    .select({ id: transfers.id })
    .from(transfers)
    .where(eq(transfers.state, 'pending'));
  for (const { id } of pending) {
    try {
      await processTransfer(deps, id);
    } catch (err) {
      deps.logger.warn({ err, transferId: id }, 'transfer could not be reconciled yet');
    }
  }
  await confirmTransfers(deps);
}
