import { describe, expect, it } from 'vitest';
import { formatReply } from '../../replies/format-reply.ts';

const ctx = {
  publicUrl: 'https://upsider.app',
  explorerTxUrl: 'https://explorer.example/tx/',
  receiptId: '1799999999999999999',
  now: new Date('2026-11-02T12:00:00Z'),
};
const contentHash = `e2a53ffac0${'1'.repeat(48)}48a0ea`;
const fingerprintHash = `9cfc16e6aa${'2'.repeat(48)}77b0c1`;

describe('the fingerprint reply', () => {
  it('names the hash the archive card shows, by the same name (the search finds it as shown)', () => {
    const text = formatReply(
      {
        kind: 'fingerprinted',
        tweetId: '1800000000000000001',
        authorUsername: 'carol',
        contentHash,
        fingerprintHash,
        existing: false,
        paid: '3000000000',
      },
      ctx,
    )!;
    expect(text).toContain('Fingerprint hash 9cfc16e6aa…77b0c1.');
    expect(text).not.toContain('e2a53ffac0');
    expect(text).not.toMatch(/\bHash /);
  });
});
