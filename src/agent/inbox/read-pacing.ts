/** The latest x-rate-limit-* headers of the mentions endpoint. */
export interface ReadBudget {
  remaining: number;
  resetAt: Date;
}

/**
 * How long to wait before the next mentions read so the reads left last until the window
 * resets: the rest of the window divided evenly over the reads left (X allows 300 per
 * 15 minutes, so about one every 3 s when nothing else reads). Never sooner than `minMs`;
 * with no reads left, exactly until the reset. A burst of mentions does not need faster
 * reads: one read drains every page since the cursor. But each page is a request: a read that
 * took `pages` requests (a burst, and the re-read overlap before the cursor) is expected to take
 * as many next time, so the reads left count as `remaining / pages` (a viral hour at 11
 * mentions a second spent the whole window's budget in 5 minutes when every read counted once).
 */
export function nextReadDelayMs(p: {
  budget: ReadBudget | null;
  now: Date;
  minMs: number;
  /** Requests the last read took (its pages); 1 when unknown. */
  pages?: number;
}): number {
  const { budget, now, minMs } = p;
  if (!budget) return minMs;
  const untilReset = budget.resetAt.getTime() - now.getTime();
  if (untilReset <= 0) return minMs;
  if (budget.remaining <= 0) return untilReset;
  // One request is kept back so a read right before the reset never finds the budget empty.
  const readsLeft = Math.floor((budget.remaining - 1) / Math.max(1, p.pages ?? 1));
  if (readsLeft <= 0) return untilReset;
  return Math.max(minMs, Math.ceil(untilReset / readsLeft));
}
