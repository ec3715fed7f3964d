import { type BackoffOptions, retryDelayMs } from './backoff.ts';

/**
 * A failure that another attempt cannot fix (bad payload, a refusal): the job goes straight to
 * the dead letter. Every other error not permanent by its own word (isPermanentFailure) is
 * retryable, with backoff, until its attempts run out.
 */
export class PermanentJobError extends Error {
  constructor(
    message: string,
    /** Stored as the job's result, so whoever waits on the job can tell the user why. */
    readonly result?: unknown,
  ) {
    super(message);
    this.name = 'PermanentJobError';
  }
}

/**
 * Whether another attempt cannot fix the failure: a PermanentJobError, or an error that says so
 * itself (`permanent: true`: the domain's errors for a request that can never work, such as an
 * unknown user or an invalid input; decision 0050). Such a job goes to the dead letter at once
 * and, where it answers someone, is answered.
 */
export function isPermanentFailure(error: unknown): boolean {
  if (error instanceof PermanentJobError) return true;
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { permanent?: unknown }).permanent === true
  );
}

/**
 * When an outside service turned the request away rather than failing it: an error that carries
 * `resetAt` (X's x-rate-limit-reset on a refused window, `XApiError`) names when it takes requests
 * again; one with `accountBlocked` (X's usage cap, no credit) names no time. Neither is the
 * job's failure: its try is given back, so a long refusal never runs a job out of attempts.
 */
export function turnedAway(error: unknown): { until: Date | null } | null {
  if (typeof error !== 'object' || error === null) return null;
  const { resetAt, accountBlocked } = error as { resetAt?: unknown; accountBlocked?: unknown };
  if (resetAt instanceof Date) return { until: resetAt };
  return accountBlocked === true ? { until: null } : null;
}

export type FailureStep = { retry: true; at: Date } | { retry: false };

/**
 * What a failed attempt leads to, for every queue: a permanent error, or the last allowed
 * attempt, goes to the dead letter; anything else runs again after the backoff.
 */
export function stepAfterFailure(
  error: unknown,
  p: { attempts: number; maxAttempts: number; now: Date; backoff: BackoffOptions },
): FailureStep {
  if (isPermanentFailure(error) || p.attempts >= p.maxAttempts) return { retry: false };
  const delay = retryDelayMs(p.attempts, { ...p.backoff, now: p.now });
  return { retry: true, at: new Date(p.now.getTime() + delay) };
}
