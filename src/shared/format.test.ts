import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatLongDate, formatLongDateTime } from './format.ts';
import { formatTokenAmount, formatTokenAmountExact, formatTokenDecimal } from './units.ts';

describe('formatTokenAmount', () => {
  it('divides base units by 1e8 and shows exactly 2 decimals with en-US grouping', () => {
    expect(formatTokenAmount(123456000000n)).toBe('1,234.56');
    expect(formatTokenAmount(100_000_000)).toBe('1.00');
    expect(formatTokenAmount('99318100600000000')).toBe('993,181,006.00');
    expect(formatTokenAmount(0)).toBe('0.00');
    expect(formatTokenAmount(1)).toBe('0.00');
  });

  it('floors fractional base units before dividing', () => {
    expect(formatTokenAmount(149_999_999.99)).toBe('1.50');
    expect(formatTokenAmount('100000000.9')).toBe('1.00');
  });

  it('rounds the third decimal half away from zero, like toLocaleString', () => {
    expect(formatTokenAmount(1_234_500_000n)).toBe('12.35');
    expect(formatTokenAmount(1_234_499_999n)).toBe('12.34');
    expect(formatTokenAmount(-1_234_500_000n)).toBe('-12.35');
  });

  it('keeps full precision for balances far above 2^53', () => {
    expect(formatTokenAmount(123456789012345678901234n)).toBe('1,234,567,890,123,456.79');
  });

  it('shows 0.00 for missing or non-numeric input', () => {
    for (const raw of [undefined, null, '', 'abc', '1e5', Number.NaN, Infinity, {}, []]) {
      expect(formatTokenAmount(raw)).toBe('0.00');
    }
  });

  it('matches toLocaleString for amounts a double represents exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 40 }), (cents) => {
        // Whole cents: no binary rounding ambiguity in the reference computation.
        const raw = cents * 1_000_000;
        const expected = (cents / 100).toLocaleString('en-US', {
          minimumFractionDigits: 2,
          maximumFractionDigits: 2,
        });
        expect(formatTokenAmount(raw)).toBe(expected);
      }),
    );
  });
});

describe('formatTokenDecimal', () => {
  it('shows a decimal token string with exactly 2 decimals and en-US grouping', () => {
    expect(formatTokenDecimal('1234567.891')).toBe('1,234,567.89');
    expect(formatTokenDecimal('0.005')).toBe('0.01');
    expect(formatTokenDecimal('0.00499999')).toBe('0.00');
    expect(formatTokenDecimal('42')).toBe('42.00');
    expect(formatTokenDecimal('993181006')).toBe('993,181,006.00');
    expect(formatTokenDecimal(12.5)).toBe('12.50');
  });

  it('floors digits past the 8th decimal before rounding to cents', () => {
    expect(formatTokenDecimal('0.004999999999')).toBe('0.00');
    expect(formatTokenDecimal('-0.000000001')).toBe('0.00');
    expect(formatTokenDecimal('-1.239')).toBe('-1.24');
  });

  it('keeps full precision for very large balances', () => {
    expect(formatTokenDecimal('1234567890123456.789')).toBe('1,234,567,890,123,456.79');
  });

  it('shows 0.00 for missing or non-numeric input', () => {
    for (const raw of [undefined, null, '', 'abc', '1e5', '1.2.3', Number.NaN, {}, []]) {
      expect(formatTokenDecimal(raw)).toBe('0.00');
    }
  });
});

describe('formatLongDate / formatLongDateTime', () => {
  const when = '2026-11-22T15:04:05.000Z';

  it('uses the en-US long date, with hour and minute for the date-time form', () => {
    expect(formatLongDate(when, 'UTC')).toBe('November 22, 2026');
    expect(formatLongDateTime(when, 'UTC')).toBe('November 22, 2026 at 3:04 PM');
    expect(formatLongDate(new Date(when), 'America/New_York')).toBe('November 22, 2026');
  });

  it('returns null for a missing or invalid date', () => {
    for (const raw of [null, undefined, '', 'not a date']) {
      expect(formatLongDate(raw)).toBeNull();
      expect(formatLongDateTime(raw)).toBeNull();
    }
  });
});

describe('formatTokenAmountExact', () => {
  it('shows every significant decimal, at least the minimum, with en-US grouping', () => {
    expect(formatTokenAmountExact(150_000_000n)).toBe('1.50');
    expect(formatTokenAmountExact(1n)).toBe('0.00000001');
    expect(formatTokenAmountExact(123_456_789_000_000n)).toBe('1,234,567.89');
    expect(formatTokenAmountExact(150_000_000n, 8)).toBe('1.50000000');
    expect(formatTokenAmountExact(0n, 0)).toBe('0');
    expect(formatTokenAmountExact(-1n)).toBe('-0.00000001');
  });

  it('loses nothing: the digits read back to the same base units', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 20n }), (units) => {
        const text = formatTokenAmountExact(units, 8).replace(/,/g, '');
        expect(BigInt(text.replace('.', ''))).toBe(units);
      }),
    );
  });
});
