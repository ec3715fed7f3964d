import { describe, expect, it } from 'vitest';
import { X_POSTING_LIMITS } from './pacing.ts';
import { estimatePostedAt } from './queue-estimate.ts';

const MINUTE = 60_000;
const now = new Date('2026-11-29T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const clock = (sentAt: Date[], notBefore: Date | null = null) => ({
  now,
  limits: X_POSTING_LIMITS,
  sentAt,
  notBefore,
});

describe('when a queued reply leaves at X’s posting windows', () => {
  it('posts at once while both windows have room', () => {
    expect(estimatePostedAt(clock([]), 1)).toEqual(now);
    expect(estimatePostedAt(clock([]), 100)).toEqual(now);
  });

  it('waits for the 15-minute window: the 101st goes when the first of the 100 leaves it', () => {
    expect(estimatePostedAt(clock([]), 101)).toEqual(new Date(now.getTime() + 15 * MINUTE));
    const full = Array.from({ length: 100 }, (_, i) => ago(10 * MINUTE - i));
    expect(estimatePostedAt(clock(full), 1)).toEqual(new Date(now.getTime() + 5 * MINUTE));
  });

  it('waits for the 3-hour window once 300 went out in it', () => {
    // 300 posts from an empty start: 100 now, 100 at 15 min, 100 at 30 min; the 301st waits
    // for the first to leave the 3 hours.
    expect(estimatePostedAt(clock([]), 300)).toEqual(new Date(now.getTime() + 30 * MINUTE));
    expect(estimatePostedAt(clock([]), 301)).toEqual(new Date(now.getTime() + 180 * MINUTE));
    // 10,000 replies: 300 per 3 hours, over four days.
    const last = estimatePostedAt(clock([]), 10_000).getTime() - now.getTime();
    expect(last / (24 * 60 * MINUTE)).toBeGreaterThan(4);
  });

  it('starts after a block on posting', () => {
    const block = new Date(now.getTime() + 7 * MINUTE);
    expect(estimatePostedAt(clock([], block), 1)).toEqual(block);
  });
});
