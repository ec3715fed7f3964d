/** The three x-rate-limit-* headers X sends on every API response. */
export interface RateLimit {
  limit: number;
  remaining: number;
  resetAt: Date;
}

/** Parses x-rate-limit-*; null when the response does not carry all three. */
export function parseRateLimit(headers: Headers): RateLimit | null {
  const limit = Number(headers.get('x-rate-limit-limit'));
  const remaining = Number(headers.get('x-rate-limit-remaining'));
  const reset = Number(headers.get('x-rate-limit-reset'));
  const present = ['x-rate-limit-limit', 'x-rate-limit-remaining', 'x-rate-limit-reset'].every(
    (h) => headers.get(h) !== null,
  );
  if (!present || ![limit, remaining, reset].every(Number.isFinite)) return null;
  return { limit, remaining, resetAt: new Date(reset * 1000) };
}
