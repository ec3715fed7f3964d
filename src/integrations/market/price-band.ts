export interface PriceBandSettings {
  /** Absolute bounds in USD per UP: a price outside them is a broken or tampered feed. */
  minUsd: number;
  maxUsd: number;
  /** Refused beyond this factor above or below the median of recently accepted prices. */
  maxJumpFactor: number;
  /** How far back accepted prices count for the median; an empty window checks bounds only. */
  medianWindowMs: number;
}

/** Accepted prices kept for the median (about one per fetch, so per cache period). */
const MAX_HISTORY = 100;

/**
 * The sanity band on the UP price feed. Everything sold in UP is priced from that one number: a
 * feed saying $1,000,000 sold a year of Premium for 0.00015 UP. A price outside the absolute
 * bounds, or too far from the median of the prices accepted in the window, is refused (nothing
 * is quoted from it) and not remembered, so one bad answer cannot move the median. A real move
 * larger than the factor is sold again once the window has passed.
 */
export function createPriceBand(settings: PriceBandSettings) {
  const accepted: { usd: number; atMs: number }[] = [];

  function median(nowMs: number): number | null {
    while (accepted.length && nowMs - accepted[0]!.atMs > settings.medianWindowMs) accepted.shift();
    if (!accepted.length) return null;
    const sorted = accepted.map((a) => a.usd).sort((a, b) => a - b);
    const mid = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  }

  return {
    /** Why the price is refused, or null when it is accepted (and then recorded). */
    admit(usd: number, nowMs: number): string | null {
      if (!(usd >= settings.minUsd && usd <= settings.maxUsd)) {
        return `$${usd} per UP is outside the accepted range $${settings.minUsd} to $${settings.maxUsd}`;
      }
      const m = median(nowMs);
      if (m !== null && Math.max(usd / m, m / usd) > settings.maxJumpFactor) {
        return `$${usd} per UP is more than ${settings.maxJumpFactor}x away from the recent median $${m}`;
      }
      accepted.push({ usd, atMs: nowMs });
      if (accepted.length > MAX_HISTORY) accepted.shift();
      return null;
    },
  };
}
