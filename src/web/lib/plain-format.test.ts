import { describe, expect, it } from 'vitest';
import {
  dateTimeEnUs,
  fixedEnUs,
  monthYearEnUs,
  numberEnUs,
  shortDateTimeEnUs,
  usdEnUs,
  usdSignificantEnUs,
} from './plain-format';

const VALUES = [
  0, 1, -1, 0.5, 0.125, 1.005, 2.675, 999.995, 1234, 1234.5678, -1234.5678, 12_345_678.9, 0.05004,
  0.000123, 100, 1e6, -0.004, 12.5, 999_999.96, 42.42,
];

/** The data pages print numbers and dates without Intl; the text must stay Intl's. */
describe('en-US text without Intl', () => {
  it('numbers as toLocaleString("en-US", …) prints them', () => {
    for (const n of VALUES) {
      for (const d of [0, 1, 2]) {
        const intl = n.toLocaleString('en-US', {
          minimumFractionDigits: d,
          maximumFractionDigits: d,
        });
        expect(fixedEnUs(n, d), `${n} fixed ${d}`).toBe(intl);
        expect(numberEnUs(n, d), `${n} max ${d}`).toBe(
          n.toLocaleString('en-US', { maximumFractionDigits: d }),
        );
      }
      expect(numberEnUs(n), `${n}`).toBe(n.toLocaleString('en-US'));
      expect(usdEnUs(n), `${n} usd`).toBe(
        n.toLocaleString('en-US', { style: 'currency', currency: 'USD' }),
      );
      expect(usdSignificantEnUs(n, 4), `${n} usd 4 significant`).toBe(
        n.toLocaleString('en-US', {
          style: 'currency',
          currency: 'USD',
          maximumSignificantDigits: 4,
        }),
      );
    }
  });
  it('dates as toLocaleString("en-US", …) prints them', () => {
    for (const d of [
      new Date(2026, 0, 5, 0, 7, 9),
      new Date(2026, 10, 27, 12, 0, 0),
      new Date(2025, 11, 31, 23, 59, 59),
      new Date(2026, 5, 1, 13, 5, 1),
    ]) {
      expect(dateTimeEnUs(d)).toBe(d.toLocaleString('en-US'));
      const short = { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' } as const;
      expect(shortDateTimeEnUs(d)).toBe(d.toLocaleString('en-US', short));
      expect(shortDateTimeEnUs(d, true)).toBe(
        d.toLocaleString('en-US', { ...short, second: '2-digit' }),
      );
    }
    expect(dateTimeEnUs(new Date('nonsense'))).toBe(new Date('nonsense').toLocaleString('en-US'));
    for (const month of ['2026-01', '2025-12', '2026-07']) {
      expect(monthYearEnUs(month)).toBe(
        new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', {
          month: 'long',
          year: 'numeric',
          timeZone: 'UTC',
        }),
      );
    }
  });
});
