import { describe, expect, it } from 'vitest';
import { ordinal, waitWords } from './wait-words';

describe('a queued reply in words', () => {
  it('names the place in line as an ordinal', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 112, 1234].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '112th',
      '1,234th',
    ]);
  });

  it('says the wait in hours and minutes', () => {
    expect(waitWords(20_000)).toBe('under a minute');
    expect(waitWords(14 * 60_000)).toBe('about 14 min');
    expect(waitWords(130 * 60_000)).toBe('about 2 h 10 min');
    expect(waitWords(180 * 60_000)).toBe('about 3 h');
  });
});
