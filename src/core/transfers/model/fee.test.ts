import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maxSendable, transferFee } from './fee.ts';

describe('transferFee', () => {
  it('charges 0.5% on the free tier, rounded up to a base unit', () => {
    expect(transferFee(100_000_000n, 'free')).toBe(500_000n);
    expect(transferFee(1_000n, 'free')).toBe(5n);
    expect(transferFee(1_001n, 'free')).toBe(6n);
    expect(transferFee(1n, 'free')).toBe(1n);
    expect(transferFee(200n, 'free')).toBe(1n);
    expect(transferFee(201n, 'free')).toBe(2n);
  });

  it('charges nothing on premium', () => {
    expect(transferFee(123_456_789n, 'premium')).toBe(0n);
  });

  it('is the exact ceiling of amount × 0.005', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 2n ** 63n - 1n }), (amount) => {
        const fee = transferFee(amount, 'free');
        expect(fee * 200n).toBeGreaterThanOrEqual(amount);
        expect((fee - 1n) * 200n).toBeLessThan(amount);
      }),
    );
  });
});

describe("maxSendable ('all')", () => {
  it('leaves exactly enough room for the fee', () => {
    expect(maxSendable(100_500_000n, 'free')).toBe(100_000_000n);
    expect(maxSendable(100_000_000n, 'premium')).toBe(100_000_000n);
    expect(maxSendable(1n, 'free')).toBe(0n);
    expect(maxSendable(2n, 'free')).toBe(1n);
    expect(maxSendable(0n, 'free')).toBe(0n);
  });

  it('is the largest amount with amount + fee ≤ balance, for every tier', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 2n ** 62n }),
        fc.constantFrom('free' as const, 'premium' as const),
        (balance, tier) => {
          const amount = maxSendable(balance, tier);
          expect(amount).toBeGreaterThanOrEqual(0n);
          if (amount > 0n) expect(amount + transferFee(amount, tier)).toBeLessThanOrEqual(balance);
          const next = amount + 1n;
          expect(next + transferFee(next, tier)).toBeGreaterThan(balance);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
