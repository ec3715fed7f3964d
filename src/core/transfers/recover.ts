import { eq } from 'drizzle-orm';
import { transfers } from '@/db/schema/index.ts';
import { confirmTransfers } from './confirm/index.ts';
import type { TransferDeps } from './model/index.ts';
import { processTransfer } from './send/index.ts';

/**
 * Start-up recovery: every unfinished intent is finished against the network. Intents never
 * planned are planned and submitted now; signed transactions are confirmed, resubmitted (same
 * bytes) or rejected — never signed again, except once with the minimum network fee when the
 * node refuses the same bytes as TransactionLimited (legs/reconcile-legs.ts). Safe to run in
 * several processes at once. It runs both rooms, one after the other, so it lives beside them.
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
