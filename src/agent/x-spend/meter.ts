import { utc } from '@date-fns/utc';
import { addDays } from 'date-fns/addDays';
import { startOfDay } from 'date-fns/startOfDay';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { xSpend } from '@/db/schema/index.ts';
import { priceOf, type XPricedOperation } from '@/integrations/x/index.ts';
import { dayKey } from '@/shared/utc-keys.ts';

/** Adds what one X call cost to the day's meter (nothing for zero units). */
export async function meterXSpend(
  db: Db,
  p: { purpose: string; operation: XPricedOperation; units?: number; now: Date },
) {
  const units = p.units ?? 1;
  if (units <= 0) return;
  const cost = priceOf(p.operation, units);
  await db
    .insert(xSpend)
    .values({
      day: dayKey(p.now),
      purpose: p.purpose,
      operation: p.operation,
      units,
      microUsd: cost,
    })
    .onConflictDoUpdate({
      target: [xSpend.day, xSpend.purpose, xSpend.operation],
      set: { units: sql`${xSpend.units} + ${units}`, microUsd: sql`${xSpend.microUsd} + ${cost}` },
    });
}

/** The day's spend: total and by purpose and operation (micro-dollars). */
export async function xSpendOfDay(db: Db, day: string) {
  const rows = await db.select().from(xSpend).where(eq(xSpend.day, day));
  const total = rows.reduce((sum, r) => sum + r.microUsd, 0n);
  return { day, totalMicroUsd: total, rows };
}

/** The next UTC midnight: when a day's budget starts again. */
export const nextUtcDay = (now: Date) => new Date(+addDays(startOfDay(now, { in: utc }), 1));

/**
 * Whether spending `cost` more today stays within the daily budget (null = no budget).
 * X_DAILY_BUDGET_USD stops posting only: reads go on, so money commands still execute.
 */
export async function withinDailyBudget(
  db: Db,
  p: { budgetMicroUsd: bigint | null | undefined; cost: bigint; now: Date },
): Promise<boolean> {
  if (p.budgetMicroUsd === null || p.budgetMicroUsd === undefined) return true;
  const { totalMicroUsd } = await xSpendOfDay(db, dayKey(p.now));
  return totalMicroUsd + p.cost <= p.budgetMicroUsd;
}
