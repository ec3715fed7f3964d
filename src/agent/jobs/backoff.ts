/**
 * Delay before retry number `attempt` (1-based): exponential from `baseMs`, capped at `maxMs`,
 * with "equal jitter" (half fixed, half random) so workers that failed together do not retry
 * together. When X said when its window resets, never retry before that.
 */
export function retryDelayMs(
  attempt: number,
  opts: {
    baseMs?: number;
    maxMs?: number;
    random?: () => number;
    resetAt?: Date | null;
    now?: Date;
  },
): number {
  const base = opts.baseMs ?? 1_000;
  const max = opts.maxMs ?? 5 * 60_000;
  const random = opts.random ?? Math.random;
  const exp = Math.min(max, base * 2 ** Math.max(0, Math.min(attempt - 1, 30)));
  const jittered = Math.round(exp / 2 + (exp / 2) * random());
  if (!opts.resetAt) return jittered;
  const untilReset = opts.resetAt.getTime() - (opts.now ?? new Date()).getTime();
  // A little jitter after the reset too, so every process does not hit X in the same second.
  return Math.max(jittered, untilReset + Math.round(250 * random()));
}
