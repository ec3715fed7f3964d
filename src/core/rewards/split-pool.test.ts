import { describe, expect, it } from 'vitest';
import { monthBounds, previousMonthKey, splitPool } from './split-pool.ts';

describe('splitPool', () => {
  it('splits 3:2:1 and gives the remainder to rank 1, summing exactly to the pool', () => {
    expect(splitPool(600n, 3)).toEqual([300n, 200n, 100n]);
    const parts = splitPool(100_000_000_001n, 3);
    expect(parts.reduce((a, b) => a + b, 0n)).toBe(100_000_000_001n);
    expect(parts).toEqual([50_000_000_002n, 33_333_333_333n, 16_666_666_666n]);
  });
  it('nothing to split, nobody to pay', () => {
    expect(splitPool(0n, 3)).toEqual([]);
    expect(splitPool(100n, 0)).toEqual([]);
    expect(splitPool(7n, 1)).toEqual([7n]);
  });
});

describe('reward months (UTC)', () => {
  it('bounds and the previous month across a year end', () => {
    expect(monthBounds('2026-12')).toEqual({
      start: new Date('2026-12-01T00:00:00Z'),
      end: new Date('2027-01-01T00:00:00Z'),
    });
    expect(previousMonthKey(new Date('2027-01-01T00:00:00Z'))).toBe('2026-12');
    expect(previousMonthKey(new Date('2026-11-30T23:59:59Z'))).toBe('2026-10');
    expect(() => monthBounds('2026-13')).toThrow(RangeError);
  });
});
