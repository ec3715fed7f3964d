import { describe, expect, it } from 'vitest';
import { blockAfter429, nextPostAllowedAt, type PacingInput, postingHeadroom } from './pacing.ts';

const now = new Date('2026-03-01T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const base: PacingInput = {
  now,
  limits: { perWindow: 3, windowMs: 15 * 60_000, perDay: 10 },
  recentSentAt: [],
  dayNthSentAt: null,
  headers: null,
  blockedUntil: null,
};

describe('nextPostAllowedAt', () => {
  it('allows posting now when under every limit', () => {
    expect(nextPostAllowedAt({ ...base, recentSentAt: [ago(1000), ago(2000)] })).toEqual(now);
  });

  it('waits until the oldest post of a full window leaves it', () => {
    const sent = [ago(1000), ago(60_000), ago(10 * 60_000)];
    const at = nextPostAllowedAt({ ...base, recentSentAt: sent });
    expect(at).toEqual(new Date(ago(10 * 60_000).getTime() + 15 * 60_000));
  });

  it('does not count posts older than the window', () => {
    const sent = [ago(1000), ago(60_000), ago(16 * 60_000)];
    expect(nextPostAllowedAt({ ...base, recentSentAt: sent })).toEqual(now);
  });

  it('respects the daily app cap', () => {
    const nth = ago(23 * 60 * 60_000);
    const at = nextPostAllowedAt({ ...base, dayNthSentAt: nth });
    expect(at).toEqual(new Date(nth.getTime() + 24 * 60 * 60_000));
  });

  it('respects X headers saying nothing remains until reset', () => {
    const resetAt = new Date(now.getTime() + 5 * 60_000);
    expect(nextPostAllowedAt({ ...base, headers: { remaining: 0, resetAt } })).toEqual(resetAt);
    expect(nextPostAllowedAt({ ...base, headers: { remaining: 4, resetAt } })).toEqual(now);
  });

  it('respects a block after a 429, taking the latest of all constraints', () => {
    const blockedUntil = new Date(now.getTime() + 60_000);
    const resetAt = new Date(now.getTime() + 30_000);
    const at = nextPostAllowedAt({ ...base, blockedUntil, headers: { remaining: 0, resetAt } });
    expect(at).toEqual(blockedUntil);
  });
});

describe('postingHeadroom', () => {
  it('is the smaller of our count and X headers', () => {
    const resetAt = new Date(now.getTime() + 60_000);
    expect(postingHeadroom({ ...base, recentSentAt: [ago(1000)] })).toBe(2);
    expect(postingHeadroom({ ...base, headers: { remaining: 1, resetAt } })).toBe(1);
  });

  it('ignores stale headers', () => {
    expect(postingHeadroom({ ...base, headers: { remaining: 0, resetAt: ago(1) } })).toBe(3);
  });
});

describe('blockAfter429', () => {
  const limits = { ...base.limits, perThreeHours: 300 };
  const oldest = ago(2 * 60 * 60_000);
  const input = { ...base, limits, sentInThreeHours: 120, oldestInThreeHours: oldest };
  const threeHourReset = new Date(oldest.getTime() + 3 * 60 * 60_000);

  it('waits for the 15-minute reset when that window is the one used up', () => {
    const resetAt = new Date(now.getTime() + 5 * 60_000);
    expect(blockAfter429(input, { resetAt, rateLimit: { remaining: 0 } })).toEqual(resetAt);
  });

  it('waits only until a reset X names seconds away (a short storm), not a minute', () => {
    const resetAt = new Date(now.getTime() + 9_000);
    expect(blockAfter429(input, { resetAt, rateLimit: { remaining: 0 } })).toEqual(resetAt);
  });

  it('waits a minute when X names no reset still to come', () => {
    const minute = new Date(now.getTime() + 60_000);
    expect(blockAfter429(input, { resetAt: null, rateLimit: null })).toEqual(minute);
    const past = { resetAt: ago(1000), rateLimit: { remaining: 0 } };
    expect(blockAfter429(input, past)).toEqual(minute);
  });

  it('waits for the 3-hour window when X still shows 15-minute posts left', () => {
    const resetAt = new Date(now.getTime() + 5 * 60_000);
    expect(blockAfter429(input, { resetAt, rateLimit: { remaining: 40 } })).toEqual(threeHourReset);
  });

  it('waits for the 3-hour window when our own count of it is full', () => {
    const resetAt = new Date(now.getTime() + 5 * 60_000);
    const full = { ...input, sentInThreeHours: 300 };
    expect(blockAfter429(full, { resetAt, rateLimit: { remaining: 0 } })).toEqual(threeHourReset);
  });
});
