import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatTokenAmount } from './format.ts';

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
