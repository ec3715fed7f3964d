import { describe, expect, it } from 'vitest';
import { countdownText, formatCount, shareText } from './leaderboard-format';

describe('leaderboard formatting (spec §2, §9)', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1K'],
    [1999, '1.9K'],
    [999_999, '999.9K'],
    [1_000_000, '1M'],
    [2_350_000, '2.3M'],
  ])('%i → %s', (n, text) => {
    expect(formatCount(n)).toBe(text);
  });

  it('counts down days, hours, minutes and seconds, then says a new month starts soon', () => {
    expect(countdownText(((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000)).toBe('2d 03h 04m 05s');
    expect(countdownText(999)).toBe('0d 00h 00m 00s');
    expect(countdownText(0)).toBe('New month starts soon!');
  });

  it('shares the top 5 only', () => {
    const entries = [1, 2, 3, 4, 5, 6].map((rank) => ({
      rank,
      username: `u${rank}`,
      count: 7 - rank,
    }));
    const text = shareText('Most Sends', 'this month', entries, 'Upsider');
    expect(text.split('\n')).toEqual([
      'Most Sends on Upsider (this month):',
      '1. @u1 (6)',
      '2. @u2 (5)',
      '3. @u3 (4)',
      '4. @u4 (3)',
      '5. @u5 (2)',
    ]);
  });
});
