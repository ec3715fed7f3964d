import { utc } from '@date-fns/utc';
import { addDays } from 'date-fns/addDays';
import { startOfDay } from 'date-fns/startOfDay';
import { PAID_ITEM_TERMS, type PaidItem } from '@/shared/premium-benefits.ts';
import { UNITS_PER_TOKEN } from '@/shared/tokens.ts';

/** The UTC calendar day an allowance is metered in, YYYY-MM-DD. */
export { dayKey as utcDay } from '@/shared/utc-keys.ts';

/** The start of the next UTC day: when the premium allowance resets. */
export const nextUtcMidnight = (at: Date): Date =>
  new Date(+addDays(startOfDay(at, { in: utc }), 1));

/** Price per use in base units, for a user with or without the premium benefits. */
export function itemPrice(item: PaidItem, premium: boolean): bigint {
  const t = PAID_ITEM_TERMS[item];
  return BigInt(premium ? t.premiumPriceUP : t.freeTierPriceUP) * UNITS_PER_TOKEN;
}

/** Free uses per UTC day: the premium allowance, none without premium. */
export const dailyAllowance = (item: PaidItem, premium: boolean) =>
  premium ? PAID_ITEM_TERMS[item].premiumFreePerDay : 0;
