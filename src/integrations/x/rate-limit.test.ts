import { describe, expect, it } from 'vitest';
import { parseRateLimit } from './rate-limit.ts';

const now = Date.UTC(2026, 10, 29, 12, 0, 0);
const headers = (reset: string) =>
  new Headers({
    'x-rate-limit-limit': '300',
    'x-rate-limit-remaining': '0',
    'x-rate-limit-reset': reset,
  });

describe('parseRateLimit', () => {
  it('reads the window and its reset (epoch seconds)', () => {
    const reset = now / 1000 + 900;
    expect(parseRateLimit(headers(String(reset)), now)).toEqual({
      limit: 300,
      remaining: 0,
      resetAt: new Date(reset * 1000),
    });
  });

  it('believes a reset up to X’s longest window (24 h) ahead', () => {
    const reset = now / 1000 + 24 * 3600;
    expect(parseRateLimit(headers(String(reset)), now)?.resetAt).toEqual(new Date(reset * 1000));
  });

  it('reads a reset beyond any X window (milliseconds sent as seconds) as the usual 15 minutes', () => {
    const rl = parseRateLimit(headers(String(now + 900_000)), now);
    expect(rl?.resetAt).toEqual(new Date(now + 15 * 60_000));
  });

  it('is null without all three headers or with one unreadable', () => {
    expect(parseRateLimit(new Headers({ 'x-rate-limit-limit': '300' }), now)).toBeNull();
    expect(parseRateLimit(headers('soon'), now)).toBeNull();
  });
});
