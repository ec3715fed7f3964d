import { describe, expect, it } from 'vitest';
import { retryDelayMs } from './backoff.ts';

describe('retryDelayMs', () => {
  it('grows exponentially within [half, full] of the step', () => {
    expect(retryDelayMs(1, { baseMs: 1000, random: () => 0 })).toBe(500);
    expect(retryDelayMs(1, { baseMs: 1000, random: () => 1 })).toBe(1000);
    expect(retryDelayMs(4, { baseMs: 1000, random: () => 1 })).toBe(8000);
    expect(retryDelayMs(4, { baseMs: 1000, random: () => 0 })).toBe(4000);
  });

  it('doubles exactly without jitter', () => {
    expect(retryDelayMs(1, { baseMs: 1000, jitter: false, random: () => 0 })).toBe(1000);
    expect(retryDelayMs(3, { baseMs: 1000, jitter: false, random: () => 0 })).toBe(4000);
  });

  it('is capped', () => {
    expect(retryDelayMs(40, { baseMs: 1000, maxMs: 60_000, random: () => 1 })).toBe(60_000);
  });

  it('waits at least until the rate-limit window resets', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    const resetAt = new Date(now.getTime() + 90_000);
    const delay = retryDelayMs(1, { baseMs: 1000, random: () => 0, resetAt, now });
    expect(delay).toBe(90_000);
  });

  it('ignores a reset in the past', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    const resetAt = new Date(now.getTime() - 90_000);
    expect(retryDelayMs(2, { baseMs: 1000, random: () => 1, resetAt, now })).toBe(2000);
  });
});
