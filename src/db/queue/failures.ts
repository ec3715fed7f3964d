import { type BackoffOptions, retryDelayMs } from './backoff.ts';

/**
 * A failure that another attempt cannot fix (bad payload, a refusal): the job goes straight to
 * the dead letter. Every other error is retryable, with backoff, until its attempts run out.
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

export type FailureStep = { retry: true; at: Date } | { retry: false };

/**
 * What a failed attempt leads to, for every queue: a permanent error, or the last allowed
 * attempt, goes to the dead letter; anything else runs again after the backoff.
 */
export function stepAfterFailure(
  error: unknown,
  p: { attempts: number; maxAttempts: number; now: Date; backoff: BackoffOptions },
): FailureStep {
  if (error instanceof PermanentJobError || p.attempts >= p.maxAttempts) return { retry: false };
  const delay = retryDelayMs(p.attempts, { ...p.backoff, now: p.now });
  return { retry: true, at: new Date(p.now.getTime() + delay) };
}
