/** X's posting limits for one account (per 15 minutes) and one app (per 24 hours). */
export interface PostingLimits {
  perWindow: number;
  windowMs: number;
  perDay: number;
}

export const X_POSTING_LIMITS: PostingLimits = {
  perWindow: 100,
  windowMs: 15 * 60_000,
  perDay: 10_000,
};

export interface PacingInput {
  now: Date;
  limits: PostingLimits;
  /**
   * Send times of our own recent posts, newest first, at least `limits.perWindow` of them when
   * there are that many (the sliding 15-minute window is full when the Nth newest is inside it).
   */
  recentSentAt: Date[];
  /** Time of the `limits.perDay`-th newest post sent, if there are that many. */
  dayNthSentAt: Date | null;
  /** The latest x-rate-limit-* headers X sent on POST /2/tweets. */
  headers: { remaining: number; resetAt: Date } | null;
  /** Set after a 429: nobody posts before this. */
  blockedUntil: Date | null;
}

/**
 * When the next reply may be posted: `now` if allowed, else the earliest moment every limit
 * (our own count of the sliding windows, X's headers, a 429 block) allows it.
 */
export function nextPostAllowedAt(input: PacingInput): Date {
  const { now, limits } = input;
  const candidates = [now.getTime()];
  const nth = input.recentSentAt[limits.perWindow - 1];
  if (nth && now.getTime() - nth.getTime() < limits.windowMs) {
    candidates.push(nth.getTime() + limits.windowMs);
  }
  const dayMs = 24 * 60 * 60_000;
  if (input.dayNthSentAt && now.getTime() - input.dayNthSentAt.getTime() < dayMs) {
    candidates.push(input.dayNthSentAt.getTime() + dayMs);
  }
  if (input.headers && input.headers.remaining <= 0) {
    candidates.push(input.headers.resetAt.getTime());
  }
  if (input.blockedUntil) candidates.push(input.blockedUntil.getTime());
  return new Date(Math.max(...candidates));
}

/** Headroom shown on /status: how many posts are left in the current window by our count and X's. */
export function postingHeadroom(input: PacingInput): number {
  const { now, limits } = input;
  const inWindow = input.recentSentAt.filter(
    (t) => now.getTime() - t.getTime() < limits.windowMs,
  ).length;
  const ours = Math.max(0, limits.perWindow - inWindow);
  const headerFresh = input.headers && input.headers.resetAt.getTime() > now.getTime();
  return headerFresh ? Math.min(ours, input.headers!.remaining) : ours;
}
