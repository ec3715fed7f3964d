import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { transferTransactions } from '@/db/schema/index.ts';
import type { ConstellationClient } from '@/integrations/constellation/index.ts';
import type { Token } from '@/shared/tokens.ts';
import { legOutflow } from '../legs/index.ts';
import { heldAmount } from './holds.ts';

export type BalanceNetwork = Pick<ConstellationClient, 'getBalance' | 'getExplorerTransaction'>;

/**
 * The one view of a custodial wallet that every answer uses (agent replies, the send reply's
 * "your balance", the dashboard): the network balance as of its snapshot, minus what our own
 * outgoing transactions will take that this snapshot does not include yet (amounts and the
 * network fees they pay). A transaction the
 * reconciler has not marked yet is looked up in the explorer, so a snapshot that already
 * counts it is never charged twice — the balance a user sees only moves down by what they sent.
 * Money held for paid work under way is not spendable either (decision 0037), so a 'send all'
 * sends what is not held.
 */
export async function getSpendableBalance(
  deps: { db: Db; constellation: BalanceNetwork },
  p: { address: string; token: Token },
): Promise<bigint> {
  const [{ balance, ordinal }, held] = await Promise.all([
    deps.constellation.getBalance(p.token, p.address),
    heldAmount(deps.db, p),
  ]);
  const legs = await deps.db
    .select({
      hash: transferTransactions.hash,
      outflow: sql<string>`${legOutflow(transferTransactions.amount, transferTransactions.signed)}::text`,
      state: transferTransactions.state,
      snapshotOrdinal: transferTransactions.snapshotOrdinal,
    })
    .from(transferTransactions)
    .where(
      and(
        eq(transferTransactions.sourceAddress, p.address),
        eq(transferTransactions.token, p.token),
        or(
          inArray(transferTransactions.state, ['planned', 'submitted']),
          and(
            eq(transferTransactions.state, 'confirmed'),
            sql`${transferTransactions.snapshotOrdinal} > ${ordinal}`,
          ),
        ),
      ),
    );
  let outgoing = 0n;
  for (const leg of legs) {
    if (leg.state !== 'confirmed') {
      const seen = await deps.constellation.getExplorerTransaction(p.token, leg.hash);
      if (seen && seen.snapshotOrdinal <= ordinal) continue;
    }
    outgoing += BigInt(leg.outflow);
  }
  const spendable = balance - outgoing - held;
  return spendable > 0n ? spendable : 0n;
}
