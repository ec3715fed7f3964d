import { describe, expect, it } from 'vitest';
import { readingHealth } from './reading-health.ts';
import { DEGRADED_AFTER_MS, readLateAfterMs } from './x-failing.ts';

const now = new Date('2026-01-01T00:10:00Z');
const ago = (s: number) => new Date(now.getTime() - s * 1000);
const base = {
  now,
  lastReadAt: ago(2),
  mentionsBudget: { remaining: 150, resetAt: new Date(now.getTime() + 300_000) },
  postingBlockedUntil: null,
  oldestUnansweredAt: null,
};

describe('readingHealth', () => {
  it('running: read recently, budget left', () => {
    expect(readingHealth(base)).toMatchObject({
      state: 'running',
      until: null,
      lastReadAgeSeconds: 2,
      oldestUnansweredAgeSeconds: null,
    });
  });

  it('throttled until the reset when mention reads are used up', () => {
    const resetAt = new Date(now.getTime() + 420_000);
    const h = readingHealth({
      ...base,
      mentionsBudget: { remaining: 0, resetAt },
      oldestUnansweredAt: ago(95),
    });
    expect(h).toMatchObject({ state: 'throttled', until: resetAt.toISOString() });
    expect(h.oldestUnansweredAgeSeconds).toBe(95);
  });

  it('throttled while posting is blocked after a 429', () => {
    const until = new Date(now.getTime() + 60_000);
    expect(readingHealth({ ...base, postingBlockedUntil: until })).toMatchObject({
      state: 'throttled',
      until: until.toISOString(),
    });
  });

  it('stalled after a minute without a successful read, or before the first', () => {
    expect(readingHealth({ ...base, lastReadAt: ago(61) })).toMatchObject({
      state: 'stalled',
      lastReadAgeSeconds: 61,
    });
    expect(readingHealth({ ...base, lastReadAt: null }).state).toBe('stalled');
  });
});

describe('readingHealth: X failing the agent’s calls', () => {
  it('degraded, naming X, once reads are 15 s late; running before', () => {
    expect(readingHealth({ ...base, lastReadAt: ago(10) })).toMatchObject({
      state: 'running',
      failing: null,
    });
    const h = readingHealth({ ...base, lastReadAt: ago(20) });
    expect(h).toMatchObject({ state: 'degraded', failing: 'X' });
    expect(h.reason).toMatch(/^X is failing/);
  });

  it('reads spaced wider by X’s budget are late only after three of them', () => {
    const sparse = { remaining: 3, resetAt: new Date(now.getTime() + 60_000) };
    const late = readLateAfterMs(sparse, now);
    expect(late).toBe(90_000);
    expect(
      readingHealth({ ...base, mentionsBudget: sparse, readLateAfterMs: late, lastReadAt: ago(20) })
        .state,
    ).toBe('running');
    expect(readLateAfterMs(base.mentionsBudget, now)).toBe(DEGRADED_AFTER_MS);
  });

  it('degraded while a reply X failed waits for its retry', () => {
    const h = readingHealth({ ...base, failingReply: 'X answered 503' });
    expect(h).toMatchObject({ state: 'degraded', failing: 'X' });
    expect(h.reason).toContain('503');
  });
});
