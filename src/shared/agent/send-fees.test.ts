import { describe, expect, it } from 'vitest';
import { sendFeesText, sendTotalText } from './send-fees.ts';

const UNIT = 100_000_000n;

describe('the one wording of a send’s fees', () => {
  it('names the 0.5% fee and the network fee with exact figures that add up to the total', () => {
    const cost = { token: 'UP', amount: 100n * UNIT, fee: UNIT / 2n, networkFee: 400_000n };
    expect(sendFeesText(cost)).toBe('fee 0.50 UP, network fee 0.004 UP');
    expect(sendTotalText(cost)).toBe('100.504 UP in all');
  });

  it('a preview says the network fee is a ceiling', () => {
    const cost = {
      token: 'UP',
      amount: 10n * UNIT,
      fee: 5_000_000n,
      networkFee: 400_000n,
      networkFeeIsCeiling: true,
    };
    expect(sendFeesText(cost)).toBe('fee 0.05 UP, network fee up to 0.004 UP');
    expect(sendTotalText(cost)).toBe('at most 10.054 UP in all');
  });

  it('premium sends say "no fee"', () => {
    expect(sendFeesText({ token: 'DAG', amount: UNIT, fee: 0n, networkFee: 0n })).toBe('no fee');
  });
});
