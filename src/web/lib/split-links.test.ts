import { describe, expect, it } from 'vitest';
import { splitLinks } from './split-links';

describe('splitLinks', () => {
  it('finds URLs and leaves sentence punctuation outside them', () => {
    expect(
      splitLinks('Guide: http://x.test/how-it-works. Receipt: https://u.test/receipts/1'),
    ).toEqual([
      { text: 'Guide: ', url: false },
      { text: 'http://x.test/how-it-works', url: true },
      { text: '. Receipt: ', url: false },
      { text: 'https://u.test/receipts/1', url: true },
    ]);
  });

  it('is plain text without URLs', () => {
    expect(splitLinks('balance: 1 UP')).toEqual([{ text: 'balance: 1 UP', url: false }]);
    expect(splitLinks('')).toEqual([]);
  });
});
