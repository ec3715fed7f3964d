import { and, count, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { allowanceCharges } from '@/db/schema/index.ts';
import type { PaidItem } from '@/shared/premium-benefits.ts';

export type ChargeRow = typeof allowanceCharges.$inferSelect;

export async function getChargeByKey(db: Db, idempotencyKey: string): Promise<ChargeRow | null> {
  const [row] = await db
    .select()
    .from(allowanceCharges)
    .where(eq(allowanceCharges.idempotencyKey, idempotencyKey));
  return row ?? null;
}

/** Free uses already taken by the user for the item on that UTC day. */
export async function freeUsesOn(
  db: Db,
  p: { userId: string; item: PaidItem; day: string },
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(allowanceCharges)
    .where(
      and(
        eq(allowanceCharges.xUserId, p.userId),
        eq(allowanceCharges.item, p.item),
        eq(allowanceCharges.utcDay, p.day),
        isNotNull(allowanceCharges.freeSlot),
      ),
    );
  return Number(row?.n ?? 0);
}

/**
 * Takes one of the day's free slots (1..allowance) for this key. The unique
 * (user, item, day, slot) index makes concurrent claims land on different slots or fail;
 * true when this key holds a slot afterwards.
 */
export async function claimFreeSlot(
  db: Db,
  p: { userId: string; item: PaidItem; day: string; allowance: number; idempotencyKey: string },
): Promise<boolean> {
  for (let slot = 1; slot <= p.allowance; slot++) {
    const inserted = await db
      .insert(allowanceCharges)
      .values({
        ...chargeKeyColumns(p),
        state: 'free',
        freeSlot: slot,
        price: 0n,
      })
      .onConflictDoNothing()
      .returning({ id: allowanceCharges.id });
    if (inserted.length > 0) return true;
    // The key itself may have been recorded meanwhile (a concurrent replay): stop there.
    if (await getChargeByKey(db, p.idempotencyKey)) return false;
  }
  return false;
}

/**
 * Records a priced use: 'paying' (the transfer follows), 'held' (the price is held in the wallet
 * under the same key until the work ends) or 'refused' (nothing held, nothing moved). The first
 * record under a key stays: a concurrent or replayed call gets that one back.
 */
export async function insertPaidCharge(
  db: Db,
  p: {
    userId: string;
    item: PaidItem;
    day: string;
    price: bigint;
    idempotencyKey: string;
    state?: 'paying' | 'held' | 'refused';
    refusal?: { code: string; message: string };
  },
): Promise<ChargeRow> {
  await db
    .insert(allowanceCharges)
    .values({
      ...chargeKeyColumns(p),
      state: p.state ?? 'paying',
      price: p.price,
      refusalCode: p.refusal?.code,
      refusalMessage: p.refusal?.message,
    })
    .onConflictDoNothing();
  const row = await getChargeByKey(db, p.idempotencyKey);
  if (!row) throw new Error('allowance charge vanished after insert');
  return row;
}

/** The columns every record of a use starts with: its key, who, what and which UTC day. */
const chargeKeyColumns = (p: {
  idempotencyKey: string;
  userId: string;
  item: PaidItem;
  day: string;
}) => ({
  idempotencyKey: p.idempotencyKey,
  xUserId: p.userId,
  item: p.item,
  utcDay: p.day,
});

export async function finishCharge(
  db: Db,
  id: string,
  patch: Pick<Partial<ChargeRow>, 'state' | 'transferId' | 'refusalCode' | 'refusalMessage'>,
) {
  await db.update(allowanceCharges).set(patch).where(eq(allowanceCharges.id, id));
}

/**
 * A held or free use whose work ended undelivered: released, its free slot (if any) open again.
 * Only from `from`, so a use charged meanwhile is never undone.
 */
/** `reason`: why the work was not delivered (the receipt reads it as a refusal with that reason). */
export async function markReleased(
  db: Db,
  id: string,
  from: 'held' | 'free',
  reason?: { code: string; message: string },
) {
  await db
    .update(allowanceCharges)
    .set({
      state: 'released',
      freeSlot: null,
      ...(reason && { refusalCode: reason.code, refusalMessage: reason.message }),
    })
    .where(and(eq(allowanceCharges.id, id), eq(allowanceCharges.state, from)));
}
