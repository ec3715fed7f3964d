import { utc } from '@date-fns/utc';
import { addMonths } from 'date-fns/addMonths';
import { YEARLY_DISCOUNT_PERCENT } from '@/shared/premium-benefits.ts';
import { UNITS_PER_TOKEN } from '@/shared/tokens.ts';
import { unitsToNumber } from '@/shared/units.ts';

export type PaidTier = 'pro' | 'premium';
export const PAID_TIERS: readonly PaidTier[] = ['pro', 'premium'];
/** What the pricing call lists: monthly and yearly. The agent also sells 2-11 months. */
export const LISTED_DURATIONS = [1, 12] as const;
export const MAX_DURATION_MONTHS = 12;

export interface Plan {
  tier: PaidTier;
  durationMonths: number;
  priceUSD: number;
  /** Whole UP at the given price, 2 decimals (display); the payment uses `priceUpUnits`. */
  priceUP: number;
  /**
   * The same UP amount in base units (decimal string), as a quote at this price fixes it: the
   * page shows "UP now" with the quote's own formatter, so card and quote never round apart.
   */
  priceUpBaseUnits: string;
  pricePerMonth: number;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** USD price of a plan: N months at the monthly price; 12 months at the yearly discount. */
export function planPriceUsd(monthlyUsd: number, durationMonths: number): number {
  const factor = durationMonths === 12 ? (100 - YEARLY_DISCOUNT_PERCENT) / 100 : 1;
  return round2(monthlyUsd * durationMonths * factor);
}

/** UP base units for a USD amount at a UP/USD price, rounded up to the next base unit. */
export function usdToUpUnits(usd: number, upUsd: number): bigint {
  const cents = BigInt(Math.round(usd * 100));
  // Price as an integer of 1e-12 USD keeps 12 significant digits without float drift.
  const pico = BigInt(Math.round(upUsd * 1e12));
  if (pico <= 0n) throw new RangeError('UP price must be positive');
  const num = cents * 10_000_000_000n * UNITS_PER_TOKEN;
  return (num + pico - 1n) / pico;
}

export function planFor(
  monthlyUsd: Record<PaidTier, number>,
  tier: PaidTier,
  durationMonths: number,
  upUsd: number,
): Plan & { priceUpUnits: bigint } {
  const priceUSD = planPriceUsd(monthlyUsd[tier], durationMonths);
  const priceUpUnits = usdToUpUnits(priceUSD, upUsd);
  return {
    tier,
    durationMonths,
    priceUSD,
    priceUP: round2(unitsToNumber(priceUpUnits)),
    priceUpBaseUnits: priceUpUnits.toString(),
    pricePerMonth: round2(priceUSD / durationMonths),
    priceUpUnits,
  };
}

/** The pricing response's plans: each tier, monthly and yearly. */
export function listPlans(monthlyUsd: Record<PaidTier, number>, upUsd: number): Plan[] {
  return PAID_TIERS.flatMap((tier) =>
    LISTED_DURATIONS.map((months) => {
      const { priceUpUnits: _units, ...plan } = planFor(monthlyUsd, tier, months, upUsd);
      return plan;
    }),
  );
}

/** Adds calendar months in UTC, clamping to the month's last day (Jan 31 + 1 → Feb 28/29). */
export const addMonthsUtc = (from: Date, months: number): Date =>
  new Date(+addMonths(from, months, { in: utc }));
