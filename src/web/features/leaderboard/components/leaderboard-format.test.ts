import { describe, expect, it } from 'vitest';
import { closedMonthHeading, countdownText, formatCount, shareText } from './leaderboard-format';

describe('leaderboard formatting', () => {
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

describe('closedMonthHeading', () => {
  const now = new Date('2026-11-27T07:00:00Z');
  it("names the running month as this month's, closed early, never as last month's", () => {
    expect(closedMonthHeading('2026-11', now)).toBe("This month's rewards (closed early)");
  });
  it("names the month before the running one as last month's, across a year", () => {
    expect(closedMonthHeading('2026-10', now)).toBe("Last month's rewards");
    expect(closedMonthHeading('2026-12', new Date('2027-01-01T00:00:00Z'))).toBe(
      "Last month's rewards",
    );
    // Still November in UTC, whatever the local time zone says.
    expect(closedMonthHeading('2026-10', new Date('2026-11-30T23:59:59Z'))).toBe(
      "Last month's rewards",
    );
  });
  it('names an older month by neither', () => {
    expect(closedMonthHeading('2026-08', now)).toBe('Monthly rewards');
  });
});
