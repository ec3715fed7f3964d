import { describe, expect, it } from 'vitest';
import conformance from './fixtures/twitter-text-lengths.json' with { type: 'json' };
import { fitWeighted, weightedLength } from './x-text.ts';

describe('weightedLength (twitter-text)', () => {
  it.each(conformance.cases)('$description', ({ text, expected }) => {
    expect(weightedLength(text)).toBe(expected);
  });

  it('counts a bare domain in a reply as X does (23), not letter by letter', () => {
    expect(weightedLength('see upsider.app now')).toBe(4 + 23 + 4);
  });
});

describe('fitWeighted', () => {
  it('cuts to the limit as X counts it, bare domains included, and quickly for long texts', () => {
    const text = `${'word '.repeat(5000)}`;
    const started = Date.now();
    const cut = fitWeighted(text, 280);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(weightedLength(cut)).toBeLessThanOrEqual(280);
    expect(cut.endsWith('…')).toBe(true);
    const domains = fitWeighted('a.co '.repeat(40), 100);
    expect(weightedLength(domains)).toBeLessThanOrEqual(100);
  });
});
