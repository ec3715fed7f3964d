/**
 * Splits a pool (base units) among ranked winners by linear weights — with 3 winners, 3:2:1 —
 * in integer arithmetic; what division leaves over goes to rank 1, so the parts sum to the pool.
 */
export function splitPool(pool: bigint, winners: number): bigint[] {
  if (winners <= 0 || pool <= 0n) return [];
  const weights = Array.from({ length: winners }, (_, i) => BigInt(winners - i));
  const total = weights.reduce((a, b) => a + b, 0n);
  const parts = weights.map((w) => (pool * w) / total);
  const left = pool - parts.reduce((a, b) => a + b, 0n);
  parts[0] = (parts[0] ?? 0n) + left;
  return parts;
}

/** 'YYYY-MM' of a UTC date. */
export const monthKey = (d: Date) =>
  `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;

/** The UTC bounds [start, end) of a 'YYYY-MM' month. */
export function monthBounds(month: string): { start: Date; end: Date } {
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  if (!m || Number(m[2]) < 1 || Number(m[2]) > 12) throw new RangeError(`not a month: ${month}`);
  const year = Number(m[1]);
  const index = Number(m[2]) - 1;
  return { start: new Date(Date.UTC(year, index, 1)), end: new Date(Date.UTC(year, index + 1, 1)) };
}

/** The month before the one containing `now`. */
export const previousMonthKey = (now: Date) =>
  monthKey(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)));
