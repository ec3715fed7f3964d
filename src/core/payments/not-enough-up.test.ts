import { describe, expect, it } from 'vitest';
import { notEnoughUpMessage } from './pay-treasury.ts';

describe('notEnoughUpMessage', () => {
  it('displays amounts with two decimals and ends with one full stop', () => {
    expect(notEnoughUpMessage(49_243_020_531n, 130_416_140_342n)).toBe(
      'Not enough UP: your wallet has 1,304.16 UP and this costs 492.43 UP. Nothing was charged.',
    );
    expect(notEnoughUpMessage(7_500_000_000n, undefined)).toBe(
      'Not enough UP: this costs 75.00 UP. Nothing was charged.',
    );
  });

  it('names the network fee a charge may need, exactly (0.002 would round to 0.00)', () => {
    expect(notEnoughUpMessage(7_500_000_000n, 7_500_000_000n, 200_000n)).toBe(
      'Not enough UP: your wallet has 75.00 UP and this costs 75.00 UP plus up to 0.002 UP network fee. Nothing was charged.',
    );
  });
});
