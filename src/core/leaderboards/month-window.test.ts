import { describe, expect, it } from 'vitest';
import { monthStartUtc, nextMonthStartUtc } from '@/shared/leaderboard/contract.ts';
import { monthBounds, monthKey } from '../rewards/split-pool.ts';
import { activityPeriods } from './record-activity.ts';

/**
 * The monthly leaderboard counts an activity in the UTC month it happened: the last millisecond
 * of a month and the first of the next land on different boards, whatever the local time zone.
 */
const at = (iso: string) => new Date(iso);

describe('the leaderboard month window at UTC edges', () => {
  it.each([
    ['a month end', '2026-04-30T23:59:59.999Z', '2026-04', '2026-05-01T00:00:00.000Z', '2026-05'],
    ['a year end', '2026-12-31T23:59:59.999Z', '2026-12', '2027-01-01T00:00:00.000Z', '2027-01'],
    [
      'February (leap year)',
      '2028-02-29T23:59:59.999Z',
      '2028-02',
      '2028-03-01T00:00:00.000Z',
      '2028-03',
    ],
  ])(
    '%s: the last millisecond and the next instant fall in different months',
    (_, last, lastMonth, first, firstMonth) => {
      expect(activityPeriods(at(last))).toEqual(['all', lastMonth]);
      expect(activityPeriods(at(first))).toEqual(['all', firstMonth]);
      // The board's start and reset instants agree with where the activity was counted.
      expect(monthStartUtc(at(last)).toISOString()).toBe(`${lastMonth}-01T00:00:00.000Z`);
      expect(nextMonthStartUtc(at(last)).toISOString()).toBe(first);
      expect(monthStartUtc(at(first)).toISOString()).toBe(first);
      // The rewards job closes the same window the board showed.
      expect(monthKey(at(last))).toBe(lastMonth);
      expect(monthBounds(lastMonth).end.toISOString()).toBe(first);
      expect(monthBounds(firstMonth).start.toISOString()).toBe(first);
    },
  );

  it('an instant written with a non-UTC offset counts in its UTC month', () => {
    // 01:30 on New Year's Day at UTC+2 is still 2026-12-31 in UTC.
    expect(activityPeriods(at('2027-01-01T01:30:00+02:00'))).toEqual(['all', '2026-12']);
    expect(monthStartUtc(at('2027-01-01T01:30:00+02:00')).toISOString()).toBe(
      '2026-12-01T00:00:00.000Z',
    );
  });
});
