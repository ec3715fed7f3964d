import { describe, expect, it } from 'vitest';
import {
  axisDollars,
  cents,
  centsOrDash,
  shares,
  shortTokenId,
  signedPercent,
  signedUsd,
  spanText,
  usd,
} from './portfolio-format';

describe('portfolio formats', () => {
  it('prices in cents, 1 decimal in rows and 2 in the detail; "-" when missing', () => {
    expect(cents(0.456)).toBe('45.6¢');
    expect(cents(0.4567, 2)).toBe('45.67¢');
    expect(centsOrDash(null)).toBe('-');
  });
  it('money with 2 decimals and a sign for P/L (+ at zero)', () => {
    expect(usd(1234.5)).toBe('$1,234.50');
    expect(signedUsd(0)).toBe('+$0.00');
    expect(signedUsd(-3.456)).toBe('-$3.46');
    expect(signedPercent(12.34)).toBe('+12.3%');
    expect(signedPercent(-5, 2)).toBe('-5.00%');
  });
  it('shares to 1 decimal; token ids cut to 10 characters', () => {
    expect(shares(150.04)).toBe('150.0');
    expect(
      shortTokenId('71321045679252212594626385532706912750332728571942532289631379312455583992563'),
    ).toBe('7132104567…');
  });
});

describe('value chart labels', () => {
  it('axis ticks stay distinct when the range is narrow', () => {
    expect(axisDollars([1000, 2000, 3000])).toEqual(['$1K', '$2K', '$3K']);
    const narrow = axisDollars([2214, 2214.5, 2215, 2215.5]);
    expect(new Set(narrow).size).toBe(4);
    expect(narrow).toEqual(['$2,214.0', '$2,214.5', '$2,215.0', '$2,215.5']);
    expect(axisDollars([2210, 2220])).toEqual(['$2.21K', '$2.22K']);
  });
  it('a span reads in its largest whole unit', () => {
    expect(spanText(2 * 60_000)).toBe('2 minutes');
    expect(spanText(45_000)).toBe('45 seconds');
    expect(spanText(3_600_000)).toBe('1 hour');
    expect(spanText(30 * 86_400_000)).toBe('30 days');
  });
});
