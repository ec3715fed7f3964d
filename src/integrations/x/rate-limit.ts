/** The three x-rate-limit-* headers X sends on every API response. */
export interface RateLimit {
  limit: number;
  remaining: number;
  resetAt: Date;
}

/** X's longest rate-limit window (the app's 24-hour post limit); its shortest is 15 minutes. */
const LONGEST_WINDOW_MS = 24 * 60 * 60_000;
const USUAL_WINDOW_MS = 15 * 60_000;

/**
 * Parses x-rate-limit-*; null when the response does not carry all three. A reset further
 * ahead than X's longest window is a broken header (milliseconds sent as seconds, a proxy's
 * rewrite), not a window: believed, it would park every reply and job waiting on it for years.
 * It is read as the usual 15-minute window instead, after which the next answer tells again.
 */
export function parseRateLimit(headers: Headers, now = Date.now()): RateLimit | null {
  const limit = Number(headers.get('x-rate-limit-limit'));
  const remaining = Number(headers.get('x-rate-limit-remaining'));
  const reset = Number(headers.get('x-rate-limit-reset'));
  const present = ['x-rate-limit-limit', 'x-rate-limit-remaining', 'x-rate-limit-reset'].every(
    (h) => headers.get(h) !== null,
  );
  if (!present || ![limit, remaining, reset].every(Number.isFinite)) return null;
  const resetMs = reset * 1000;
  const believable = resetMs <= now + LONGEST_WINDOW_MS;
  return { limit, remaining, resetAt: new Date(believable ? resetMs : now + USUAL_WINDOW_MS) };
}
