import { and, eq, exists, inArray, not } from 'drizzle-orm';
import { transfers, transferTransactions } from '../../db/schema/index.ts';
import { legsInStates } from './legs.ts';
import { processTransfer } from './process-transfer.ts';
import { reconcileLegs } from './reconcile-legs.ts';
import { withSourceLock } from './source-lock.ts';
import { refreshTransferState } from './transfer-state.ts';
import type { TransferDeps } from './types.ts';

const unfinishedLeg = inArray(transferTransactions.state, ['planned', 'submitted']);

/**
 * The confirmation poller: every source chain with unfinished transactions is checked against
 * the network under its lock (confirmed → confirmed; waiting → submitted; lost → resubmitted,
 * same bytes; passed over → rejected), then transfers take their payment's state.
 */
export async function confirmTransfers(deps: TransferDeps): Promise<void> {
  const chains = await deps.db
    .selectDistinct({
      source: transferTransactions.sourceAddress,
      token: transferTransactions.token,
    })
    .from(transferTransactions)
    .where(unfinishedLeg);
  for (const chain of chains) {
    try {
      await withSourceLock(deps.db, chain.source, async (db) => {
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
