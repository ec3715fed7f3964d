/**
 * X's posting limits: per account 100 per 15 minutes and 300 per 3 hours (posts and reposts
 * together; x-api/posts/manage-tweets/integrate.mdx, "Rate limits"), per app 10,000 per 24 hours.
 */
export interface PostingLimits {
  perWindow: number;
  windowMs: number;
  perDay: number;
  /** Posts per {@link THREE_HOURS_MS}; absent = no 3-hour window (tests of the others). */
  perThreeHours?: number;
  /** X_DAILY_BUDGET_USD in micro-dollars: posting stops for the UTC day past it (null: none). */
  dailyBudgetMicroUsd?: bigint | null;
}

export const THREE_HOURS_MS = 3 * 60 * 60_000;

export const X_POSTING_LIMITS: PostingLimits = {
  perWindow: 100,
  windowMs: 15 * 60_000,
  perDay: 10_000,
  perThreeHours: 300,
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
  /** Time of the `limits.perThreeHours`-th newest post sent, if there are that many. */
  threeHourNthSentAt?: Date | null;
  /** How many posts were sent in the last 3 hours (for /status), and the oldest of them. */
  sentInThreeHours?: number;
  oldestInThreeHours?: Date | null;
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
  const threeNth = input.threeHourNthSentAt;
  if (threeNth && now.getTime() - threeNth.getTime() < THREE_HOURS_MS) {
    candidates.push(threeNth.getTime() + THREE_HOURS_MS);
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

/** Posts left in the sliding 3-hour window by our count (null when no such window is paced). */
export function threeHourHeadroom(input: PacingInput): number | null {
  const limit = input.limits.perThreeHours;
  if (limit === undefined) return null;
  return Math.max(0, limit - (input.sentInThreeHours ?? 0));
}

/**
 * Until when posting stops after X's 429 on POST /2/tweets. X names one window in its
 * x-rate-limit-* headers; when they still show posts left (or our own count of the last 3 hours
 * is full) the 3-hour window refused, so the wait is until its oldest post leaves it, never just
 * the 15-minute reset (which would only meet the same 429 again). Otherwise X's reset is the
 * wait, however near: the budget is back then (a floor of a minute made a 10 s storm cost a
 * minute of replies, decision 0073). A minute only when X names no reset still to come.
 */
export function blockAfter429(
  input: PacingInput,
  err: { resetAt: Date | null; rateLimit: { remaining: number } | null },
): Date {
  const now = input.now.getTime();
  const reset = err.resetAt?.getTime();
  const candidates = [reset !== undefined && reset > now ? reset : now + 60_000];
  const limit = input.limits.perThreeHours;
  const full = limit !== undefined && (input.sentInThreeHours ?? 0) >= limit;
  const notThisWindow = err.rateLimit !== null && err.rateLimit.remaining > 0;
  if (limit !== undefined && (full || notThisWindow)) {
    const oldest = input.oldestInThreeHours;
    candidates.push(oldest ? oldest.getTime() + THREE_HOURS_MS : now + 15 * 60_000);
  }
  return new Date(Math.max(...candidates));
}
