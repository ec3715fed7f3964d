import { describe, expect, it } from 'vitest';
import {
  cents,
  centsOrDash,
  shares,
  shortTokenId,
  signedPercent,
  signedUsd,
  usd,
} from './portfolio-format';

describe('portfolio formats (spec §2, §9)', () => {
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
