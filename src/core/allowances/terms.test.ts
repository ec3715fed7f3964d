import { describe, expect, it } from 'vitest';
import { dailyAllowance, itemPrice, nextUtcMidnight, utcDay } from './terms.ts';

const UP = 100_000_000n;

describe('allowance terms', () => {
  it('meters by UTC day: 23:59:59.999 and 00:00 are different days whatever the offset', () => {
    expect(utcDay(new Date('2026-03-31T23:59:59.999Z'))).toBe('2026-03-31');
    expect(utcDay(new Date('2026-04-01T00:00:00.000Z'))).toBe('2026-04-01');
    // 01:30 in UTC+2 is still the previous UTC day.
    expect(utcDay(new Date('2026-04-01T01:30:00+02:00'))).toBe('2026-03-31');
  });

  it('resets at the next UTC midnight, across month and year ends', () => {
    expect(nextUtcMidnight(new Date('2026-12-31T12:00:00Z')).toISOString()).toBe(
      '2027-01-01T00:00:00.000Z',
    );
    expect(nextUtcMidnight(new Date('2026-02-28T00:00:00Z')).toISOString()).toBe(
      '2026-03-01T00:00:00.000Z',
    );
  });

  it('prices and allowances per tier', () => {
    expect(itemPrice('token_analysis', false)).toBe(75n * UP);
    expect(itemPrice('token_analysis', true)).toBe(56n * UP);
    expect(itemPrice('digital_evidence', false)).toBe(30n * UP);
    expect(itemPrice('digital_evidence', true)).toBe(23n * UP);
    expect(itemPrice('video', false)).toBe(250n * UP);
    expect(itemPrice('video', true)).toBe(188n * UP);
    expect(dailyAllowance('token_analysis', true)).toBe(3);
    expect(dailyAllowance('digital_evidence', true)).toBe(5);
    expect(dailyAllowance('video', true)).toBe(1);
    expect(dailyAllowance('video', false)).toBe(0);
  });
});
