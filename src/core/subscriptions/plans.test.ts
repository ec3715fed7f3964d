import { describe, expect, it } from 'vitest';
import { addMonthsUtc, listPlans, planFor, planPriceUsd, usdToUpUnits } from './plans.ts';

const UP = 100_000_000n;

describe('subscription pricing', () => {
  it('prices yearly at 50% off twelve months', () => {
    expect(planPriceUsd(25, 1)).toBe(25);
    expect(planPriceUsd(25, 12)).toBe(150);
    expect(planPriceUsd(10, 3)).toBe(30);
  });

  it('converts USD to UP base units at the market price, rounding up', () => {
    expect(usdToUpUnits(25, 0.05)).toBe(500n * UP);
    expect(usdToUpUnits(10, 0.03)).toBe(33_333_333_334n); // 333.33333334 UP
    expect(usdToUpUnits(150, 1.5)).toBe(100n * UP);
  });

  it('lists pro and premium, monthly and yearly, with per-month prices', () => {
    expect(listPlans({ pro: 10, premium: 25 }, 0.05)).toEqual([
      {
        tier: 'pro',
        durationMonths: 1,
        priceUSD: 10,
        priceUP: 200,
        priceUpBaseUnits: '20000000000',
        pricePerMonth: 10,
      },
      {
        tier: 'pro',
        durationMonths: 12,
        priceUSD: 60,
        priceUP: 1200,
        priceUpBaseUnits: '120000000000',
        pricePerMonth: 5,
      },
      {
        tier: 'premium',
        durationMonths: 1,
        priceUSD: 25,
        priceUP: 500,
        priceUpBaseUnits: '50000000000',
        pricePerMonth: 25,
      },
      {
        tier: 'premium',
        durationMonths: 12,
        priceUSD: 150,
        priceUP: 3000,
        priceUpBaseUnits: '300000000000',
        pricePerMonth: 12.5,
      },
    ]);
  });

  it('follows the price: a higher UP price means fewer UP', () => {
    const a = planFor({ pro: 10, premium: 25 }, 'premium', 1, 0.05).priceUpUnits;
    const b = planFor({ pro: 10, premium: 25 }, 'premium', 1, 0.055).priceUpUnits;
    expect(b < a).toBe(true);
  });

  it('adds calendar months in UTC, clamping to month end', () => {
    expect(addMonthsUtc(new Date('2026-01-31T10:00:00Z'), 1).toISOString()).toBe(
      '2026-02-28T10:00:00.000Z',
    );
    expect(addMonthsUtc(new Date('2026-11-15T00:00:00Z'), 12).toISOString()).toBe(
      '2027-11-15T00:00:00.000Z',
    );
  });
});
