import { describe, expect, it } from 'vitest';
import { dateTimeWithZone } from './date-time-with-zone';

const AT = '2026-11-29T07:41:05.000Z';

describe('dateTimeWithZone', () => {
  it('names the date, the minute and the zone (the activity list)', () => {
    const text = dateTimeWithZone(AT);
    expect(text).toBe(
      new Date(AT).toLocaleString('en-US', {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        timeZoneName: 'short',
      }),
    );
    expect(text).not.toMatch(/:05/);
  });

  it('adds the seconds when asked (receipts, the status page)', () => {
    const text = dateTimeWithZone(AT, { seconds: true });
    expect(text).toBe(
      new Date(AT).toLocaleString('en-US', {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        second: '2-digit',
        timeZoneName: 'short',
      }),
    );
    expect(text).toMatch(/:41:05/);
  });
});
