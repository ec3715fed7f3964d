import { describe, expect, it } from 'vitest';
import { nextReadDelayMs } from './read-pacing.ts';

const now = new Date('2026-01-01T00:00:00Z');
const inMs = (ms: number) => new Date(now.getTime() + ms);

describe('nextReadDelayMs', () => {
  it('spreads the reads left evenly over the rest of the window', () => {
    // 300 reads per 15 minutes, one used: about one read every 3 s.
    const d = nextReadDelayMs({
      budget: { remaining: 299, resetAt: inMs(900_000) },
      now,
      minMs: 1000,
    });
    expect(d).toBeGreaterThanOrEqual(3000);
    expect(d).toBeLessThan(3100);
  });

  it('slows down after a burst used extra pages, speeds up when reads are left over', () => {
    const afterBurst = nextReadDelayMs({
      budget: { remaining: 101, resetAt: inMs(600_000) },
      now,
      minMs: 1000,
    });
    expect(afterBurst).toBe(6000);
    const spare = nextReadDelayMs({
      budget: { remaining: 200, resetAt: inMs(60_000) },
      now,
      minMs: 1000,
    });
    expect(spare).toBe(1000);
  });

  it('waits exactly until the reset when no reads are left', () => {
    expect(
      nextReadDelayMs({ budget: { remaining: 0, resetAt: inMs(42_000) }, now, minMs: 1000 }),
    ).toBe(42_000);
  });

  it('uses the minimum interval with no headers or an expired window', () => {
    expect(nextReadDelayMs({ budget: null, now, minMs: 1500 })).toBe(1500);
    expect(nextReadDelayMs({ budget: { remaining: 0, resetAt: inMs(-1) }, now, minMs: 1500 })).toBe(
      1500,
    );
  });
});

describe('nextReadDelayMs, reads of several pages', () => {
  it('counts a read as the pages it took: five pages a read leave a fifth as many reads', () => {
    // 10 minutes and 251 requests left: one page a read → every 2.4 s; five → every 12 s.
    const budget = { remaining: 251, resetAt: inMs(600_000) };
    expect(nextReadDelayMs({ budget, now, minMs: 1000, pages: 1 })).toBe(2400);
    expect(nextReadDelayMs({ budget, now, minMs: 1000, pages: 5 })).toBe(12_000);
  });

  it('waits for the reset when the requests left would not cover one more read', () => {
    const budget = { remaining: 4, resetAt: inMs(90_000) };
    expect(nextReadDelayMs({ budget, now, minMs: 1000, pages: 5 })).toBe(90_000);
  });
});
