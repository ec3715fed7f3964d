import { describe, expect, it } from 'vitest';
import { MAX_WEIGHTED_LENGTH, weightedLength } from '@/shared/x-text.ts';
import { fitReply } from './fit-reply.ts';

describe('fitReply', () => {
  it('keeps a receipt named by its number whole when the text before it is cut', () => {
    const text = `${'Sorry, that did not work. '.repeat(15)}Receipt #1890000000000000001`;
    const fitted = fitReply(text);
    expect(weightedLength(fitted)).toBeLessThanOrEqual(MAX_WEIGHTED_LENGTH);
    expect(fitted.endsWith('… Receipt #1890000000000000001')).toBe(true);
  });

  it('drops the transaction link (the receipt has it) before cutting any words', () => {
    const origin = 'http://127.0.0.1:4173';
    const words =
      'Sent 5.00 UP to bob (fee 0.025 UP). Returns Dec 29 unless bob signs in. Your balance: 994.98 UP.';
    const receipt = ` Receipt: ${origin}/receipts/2126869901512190237`;
    const tx = ` Tx: ${origin}/sandbox/constellation/explorer/transactions/${'3a'.repeat(32)}`;
    expect(weightedLength(words + receipt + tx)).toBeGreaterThan(MAX_WEIGHTED_LENGTH);
    expect(fitReply(words + receipt + tx)).toBe(words + receipt);
    // Short enough as it is: the link stays.
    expect(fitReply(`Sent 1 UP.${receipt}${tx}`)).toBe(`Sent 1 UP.${receipt}${tx}`);
  });
});
