import { describe, expect, it } from 'vitest';
import { baseUnitsToDecimal } from './wallet-balances.ts';

describe('baseUnitsToDecimal', () => {
  it.each([
    [0n, '0'],
    [1n, '0.00000001'],
    [100_000_000n, '1'],
    [123_456_789_012n, '1234.56789012'],
    [99_318_100_600_000_000n, '993181006'],
    [-150_000_000n, '-1.5'],
  ])('%s → %s', (units, text) => {
    expect(baseUnitsToDecimal(units)).toBe(text);
  });
});
