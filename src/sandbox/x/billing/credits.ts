import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { priceOf, type XPricedOperation } from '@/integrations/x/index.ts';
import { dayKey } from '@/shared/utc-keys.ts';
import { xBill, xBilledResources, xCredits } from '../../db/schema/index.ts';

const ACCOUNT = 'account';

/** The balance in micro-dollars, or null when unlimited (the default). */
export async function creditBalance(db: Db): Promise<bigint | null> {
  const [row] = await db.select().from(xCredits).where(eq(xCredits.id, ACCOUNT));
  return row?.balanceMicroUsd ?? null;
}

/**
 * Sets the balance (`set`; null = unlimited again) or adds to it (`add`; an unlimited account
 * starts from zero), as buying credits does; returns the new balance.
 */
export async function changeCredits(
  db: Db,
  p: { set: bigint | null } | { add: bigint },
  now: Date,
): Promise<bigint | null> {
  const balanceMicroUsd =
    'set' in p ? p.set : sql<bigint>`coalesce(${xCredits.balanceMicroUsd}, 0) + ${p.add}`;
  await db
    .insert(xCredits)
    .values({ id: ACCOUNT, balanceMicroUsd: 'set' in p ? p.set : p.add, updatedAt: now })
    .onConflictDoUpdate({ target: xCredits.id, set: { balanceMicroUsd, updatedAt: now } });
  return creditBalance(db);
}

/**
 * Bills one call: `resources` (ids of posts or users returned) are charged once per UTC day
 * each, as X deduplicates them; a write passes none and is charged once. The balance may go
 * slightly negative, as X's may ("Credit balance"); the next request is then refused.
 */
export async function bill(
  db: Db,
  p: { operation: XPricedOperation; resources?: string[]; now: Date },
): Promise<number> {
  const day = dayKey(p.now);
  let units = 1;
  if (p.resources) {
    if (p.resources.length === 0) return 0;
    const fresh = await db
      .insert(xBilledResources)
      .values(p.resources.map((resource) => ({ day, resource })))
      .onConflictDoNothing()
      .returning({ resource: xBilledResources.resource });
    units = fresh.length;
  }
  if (units === 0) return 0;
  const cost = priceOf(p.operation, units);
  await db
    .insert(xBill)
    .values({ day, operation: p.operation, units, microUsd: cost })
    .onConflictDoUpdate({
      target: [xBill.day, xBill.operation],
      set: { units: sql`${xBill.units} + ${units}`, microUsd: sql`${xBill.microUsd} + ${cost}` },
    });
  await db
    .update(xCredits)
    .set({ balanceMicroUsd: sql`${xCredits.balanceMicroUsd} - ${cost}`, updatedAt: p.now })
    .where(eq(xCredits.id, ACCOUNT));
  return units;
}

/** The bill of one UTC day by operation, and its total. */
export async function billOfDay(db: Db, day: string) {
  const rows = await db.select().from(xBill).where(eq(xBill.day, day));
  const operations = Object.fromEntries(
    rows.map((r) => [r.operation, { units: r.units, microUsd: r.microUsd.toString() }]),
  );
  const total = rows.reduce((sum, r) => sum + r.microUsd, 0n);
  return { day, operations, totalMicroUsd: total.toString() };
}
