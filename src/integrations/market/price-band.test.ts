import { describe, expect, it } from 'vitest';
import { createPriceBand } from './price-band.ts';

const HOUR = 3_600_000;
const band = () =>
  createPriceBand({ minUsd: 0.000001, maxUsd: 1000, maxJumpFactor: 3, medianWindowMs: 6 * HOUR });

describe('the UP price sanity band', () => {
  it('refuses prices outside the absolute bounds, whatever came before', () => {
    const b = band();
    expect(b.admit(1_000_000, 0)).toMatch(/outside the accepted range/);
    expect(b.admit(1e-12, 0)).toMatch(/outside the accepted range/);
    expect(b.admit(Number.NaN, 0)).toMatch(/outside the accepted range/);
    expect(b.admit(0.05, 0)).toBeNull();
  });

  it('refuses a jump of more than the factor from the recent median, and does not learn it', () => {
    const b = band();
    for (const usd of [0.05, 0.051, 0.049]) expect(b.admit(usd, 0)).toBeNull();
    expect(b.admit(0.1, 1000)).toBeNull(); // x2: within a factor of 3
    expect(b.admit(900, 2000)).toMatch(/more than 3x away from the recent median \$0\.0505/);
    expect(b.admit(0.01, 3000)).toMatch(/more than 3x away/);
    // Refused prices never joined the median: a second try is refused alike.
    expect(b.admit(900, 4000)).toMatch(/recent median \$0\.0505/);
  });

  it('a lasting move is accepted again once the window holds no older price', () => {
    const b = band();
    expect(b.admit(0.05, 0)).toBeNull();
    expect(b.admit(0.5, HOUR)).toMatch(/more than 3x/);
    expect(b.admit(0.5, 6 * HOUR + 1)).toBeNull();
  });
});
