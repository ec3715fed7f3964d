import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseTokenAmount, UNITS_PER_TOKEN, unitsToDecimal, unitsToNumber } from './units.ts';

describe('unitsToNumber', () => {
  it('floors to 1e-8 UP and reads 8- and 18-decimal units alike', () => {
    expect(unitsToNumber(123_456_789n, 8)).toBe(1.23456789);
    expect(unitsToNumber(1_234_567_899_999_999_999n, 18)).toBe(1.23456789);
    expect(unitsToNumber(993_181_006n * 100_000_000n, 8)).toBe(993_181_006);
  });

  it('takes 8 decimals by default, keeps the sign, and gives the nearest double', () => {
    expect(unitsToNumber(50_000_000n)).toBe(0.5);
    expect(unitsToNumber(-150_000_000n)).toBe(-1.5);
    expect(unitsToNumber(30_000_000n)).toBe(0.3); // not 0.30000000000000004
    expect(unitsToNumber(1_000_000_000n, 2)).toBe(10_000_000);
  });
});

describe('unitsToDecimal', () => {
  it.each([
    [0n, '0'],
    [1n, '0.00000001'],
    [100_000_000n, '1'],
    [123_456_789_012n, '1234.56789012'],
    [99_318_100_600_000_000n, '993181006'],
    [-150_000_000n, '-1.5'],
  ])('%s → %s', (units, text) => {
    expect(unitsToDecimal(units)).toBe(text);
  });
});

describe('parseTokenAmount', () => {
  it.each([
    ['0', 0n],
    ['12.5', 1_250_000_000n],
    ['0.00000001', 1n],
    ['1000', 1000n * UNITS_PER_TOKEN],
  ])('%s → %s base units', (text, units) => {
    expect(parseTokenAmount(text)).toBe(units);
  });

  it('refuses more than 8 decimals, signs, blanks and other text instead of rounding', () => {
    for (const text of ['0.000000001', '-1', '+1', '', ' 1', '1.', '.5', '1e3', 'abc', '1,000']) {
      expect(parseTokenAmount(text)).toBeNull();
    }
  });

  it('reads comma groups of three only when asked', () => {
    expect(parseTokenAmount('1,000,000.25', { grouping: true })).toBe(100_000_025_000_000n);
    expect(parseTokenAmount('1,00', { grouping: true })).toBeNull();
    expect(parseTokenAmount('10,000', {})).toBeNull();
  });

  it('round-trips with unitsToDecimal for every non-negative amount', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 20n }), (units) => {
        expect(parseTokenAmount(unitsToDecimal(units))).toBe(units);
      }),
    );
  });
});
