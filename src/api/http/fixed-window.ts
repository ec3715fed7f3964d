/**
 * Counts hits per key in fixed windows, in memory. Each API process limits on its own: with N
 * processes a client gets at most N times the limit, which still stops floods (issue 9, item 8).
 */
export class FixedWindowLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
  ) {}

  /** Records a hit; `retryAfterS` is set when the key is over its limit for this window. */
  hit(key: string, now = Date.now()): { ok: true } | { ok: false; retryAfterS: number } {
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      if (this.windows.size >= 50_000) this.sweep(now);
      w = { count: 0, resetAt: now + this.windowMs };
      this.windows.set(key, w);
    }
    w.count++;
    if (w.count <= this.limit) return { ok: true };
    return { ok: false, retryAfterS: Math.max(1, Math.ceil((w.resetAt - now) / 1000)) };
  }

  /** Whether the key is already over its limit, without counting a hit. */
  blocked(key: string, now = Date.now()): number | null {
    const w = this.windows.get(key);
    if (!w || w.resetAt <= now || w.count < this.limit) return null;
    return Math.max(1, Math.ceil((w.resetAt - now) / 1000));
  }

  private sweep(now: number) {
    for (const [key, w] of this.windows) if (w.resetAt <= now) this.windows.delete(key);
  }
}
