import { sql } from 'drizzle-orm';
import { anyOf } from '@/db/array-param.ts';
import { batched } from '@/db/batch.ts';
import type { Db } from '@/db/client.ts';
import { rowsOf } from '@/db/rows-of.ts';
import type { TransferRow } from '@/db/schema/index.ts';
import type { Leg } from '../legs/index.ts';

type Item = { transferId: string; legIds: string[] };
type Outcome = { movedLegs: Set<string>; transferMoved: boolean; at: Date };

/**
 * The end of a first submission whose legs were all accepted, for every transfer reaching it at
 * once, in ONE statement (decision 0031, second round; it was two, legs then transfer):
 * legs planned → submitted, and each transfer whose payment (seq 0) moved: pending → submitted,
 * its submitted_at the payment's. The transfer's update reads the legs' from the CTE (the same
 * statement's snapshot would not see them), so it moves exactly when, and as, applyTransferState
 * would have after the legs' update.
 */
const markSubmitted = batched('markSubmitted', async (db: Db, items: Item[]) => {
  const at = new Date();
  const result = await db.execute(sql`with legs as (
      update transfer_transactions set state = 'submitted', submitted_at = ${at}
      where id = ${anyOf(
        items.flatMap((i) => i.legIds),
        'uuid',
      )} and state = 'planned'
      returning id, transfer_id, seq),
    moved as (
      update transfers t set state = 'submitted', updated_at = ${at},
        submitted_at = coalesce(t.submitted_at, ${at})
      where t.id = ${anyOf(
        items.map((i) => i.transferId),
        'uuid',
      )} and t.state in ('pending', 'submitted')
        and exists (select 1 from legs l where l.transfer_id = t.id and l.seq = 0)
      returning t.id)
    select l.id::text as leg_id, (m.id is not null) as transfer_moved
    from legs l left join moved m on m.id = l.transfer_id`);
  const rows = rowsOf<{ leg_id: string; transfer_moved: boolean }>(result);
  const moved = new Map(rows.map((r) => [r.leg_id, r.transfer_moved]));
  return items.map(
    (item): Outcome => ({
      movedLegs: new Set(item.legIds.filter((id) => moved.has(id))),
      transferMoved: item.legIds.some((id) => moved.get(id) === true),
      at,
    }),
  );
});

/**
 * Marks a freshly planned transfer's legs (all accepted by the network) and the transfer
 * submitted; the caller holds the chain's lock, so nothing else wrote the row since `planned`
 * was read and the stored row is `planned` with the update's values. Legs take the states
 * stored (in place). Null when the transfer did not move: the caller derives its state from the
 * legs as before (applyTransferState reads it again if needed).
 */
export async function markAllSubmitted(
  db: Db,
  planned: TransferRow,
  legs: Leg[],
): Promise<TransferRow | null> {
  const outcome = await markSubmitted(db, {
    transferId: planned.id,
    legIds: legs.map((l) => l.id),
  });
  for (const leg of legs) {
    if (outcome.movedLegs.has(leg.id)) {
      Object.assign(leg, { state: 'submitted', submittedAt: outcome.at });
    }
  }
  if (!outcome.transferMoved) return null;
  return {
    ...planned,
    state: 'submitted',
    updatedAt: outcome.at,
    submittedAt: planned.submittedAt ?? outcome.at,
  };
}
