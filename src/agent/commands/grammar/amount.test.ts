import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseAmount } from './amount.ts';

describe('parseAmount', () => {
  it.each([
    ['10', 1_000_000_000n],
    ['0.5', 50_000_000n],
    ['0.00000001', 1n],
    ['10.00000000', 1_000_000_000n],
    ['007', 700_000_000n],
  ])('reads %s exactly', (raw, units) => {
    expect(parseAmount(raw)).toEqual({ ok: true, units });
  });

  it.each(['1,000', '1,000,000.25', '1,00', '1,0000', '0,5', '1,5'])(
    'refuses %j: a comma may group thousands or mark decimals',
    (raw) => {
      expect(parseAmount(raw)).toEqual({ ok: false, reason: 'grouped' });
    },
  );

  it.each(['1.123456789', '.5', '5.', '1e5', '10k', '', '1..2', ',100'])(
    'refuses %j rather than guess',
    (raw) => {
      expect(parseAmount(raw)).toEqual({ ok: false, reason: 'malformed' });
    },
  );

  it('calls zero and negative amounts not positive', () => {
    expect(parseAmount('0')).toEqual({ ok: false, reason: 'not_positive' });
    expect(parseAmount('0.00000000')).toEqual({ ok: false, reason: 'not_positive' });
    expect(parseAmount('5', true)).toEqual({ ok: false, reason: 'not_positive' });
  });

  it('round-trips any whole and fraction part without floating point', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 30n }), fc.nat(99_999_999), (whole, frac) => {
        fc.pre(whole > 0n || frac > 0);
        const text = `${whole}.${String(frac).padStart(8, '0')}`;
        expect(parseAmount(text)).toEqual({ ok: true, units: whole * 100_000_000n + BigInt(frac) });
      }),
      { numRuns: 2_000 },
    );
  });
});
