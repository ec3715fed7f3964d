export interface BackoffOptions {
  baseMs?: number;
  maxMs?: number;
  /**
   * "Equal jitter" (half fixed, half random, the default) so workers that failed together do not
   * retry together; false gives the plain doubling (a single worker, predictable schedules).
   */
  jitter?: boolean;
  random?: () => number;
  /** When the outside service said its window resets (X's x-rate-limit-reset): never before. */
  resetAt?: Date | null;
  now?: Date;
}

/**
 * Delay before retry number `attempt` (1-based): exponential from `baseMs`, capped at `maxMs`.
 * The one backoff rule of every durable queue (jobs, agent inbox, agent outbox), agent loop and
 * the local X's webhook delivery retries.
 */
export function retryDelayMs(attempt: number, opts: BackoffOptions): number {
  const base = opts.baseMs ?? 1_000;
  const max = opts.maxMs ?? 5 * 60_000;
  const random = opts.random ?? Math.random;
  const exp = Math.min(max, base * 2 ** Math.max(0, Math.min(attempt - 1, 30)));
  const jittered = opts.jitter === false ? exp : Math.round(exp / 2 + (exp / 2) * random());
  if (!opts.resetAt) return jittered;
  const untilReset = opts.resetAt.getTime() - (opts.now ?? new Date()).getTime();
  // A little jitter after the reset too, so every process does not hit X in the same second.
  return Math.max(jittered, untilReset + Math.round(250 * random()));
}
