import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, slicePage } from './pagination.ts';

const ids = Array.from({ length: 25 }, (_, i) => BigInt(1000 - i)); // 1000 … 976

describe('page cursors', () => {
  it('round-trips a 19-digit id', () => {
    const id = 1861234567890123456n;
    expect(decodeCursor(encodeCursor({ direction: 'next', id }))).toEqual({
      direction: 'next',
      id,
    });
  });

  it('rejects tokens it did not make', () => {
    expect(decodeCursor('x12')).toBeNull();
    expect(decodeCursor('n')).toBeNull();
    expect(decodeCursor('N12')).toBeNull();
  });

  it('walks forward through every id once, then back to the same pages', () => {
    const first = slicePage(ids, 10, null);
    expect(first.page[0]).toBe(1000n);
    expect(first).toMatchObject({ hasOlder: true, hasNewer: false });
    const second = slicePage(ids, 10, { direction: 'next', id: first.page.at(-1)! });
    expect(second.page[0]).toBe(990n);
    const third = slicePage(ids, 10, { direction: 'next', id: second.page.at(-1)! });
    expect(third.page).toHaveLength(5);
    expect(third.hasOlder).toBe(false);
    const back = slicePage(ids, 10, { direction: 'previous', id: third.page[0]! });
    expect(back.page).toEqual(second.page);
    expect(back.hasNewer).toBe(true);
  });
});
