import { utc } from '@date-fns/utc';
import { addMonths } from 'date-fns/addMonths';
import { subMonths } from 'date-fns/subMonths';
import { monthKey } from '@/shared/utc-keys.ts';

export { monthKey };

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

/** The UTC bounds [start, end) of a 'YYYY-MM' month. */
export function monthBounds(month: string): { start: Date; end: Date } {
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  if (!m || Number(m[2]) < 1 || Number(m[2]) > 12) throw new RangeError(`not a month: ${month}`);
  const start = new Date(`${month}-01T00:00:00Z`);
  return { start, end: new Date(+addMonths(start, 1, { in: utc })) };
}

/** The month before the one containing `now`. */
export const previousMonthKey = (now: Date) => monthKey(subMonths(now, 1, { in: utc }));
