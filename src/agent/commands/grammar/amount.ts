import { parseTokenAmount } from '@/shared/units.ts';

export type ParsedAmount =
  | { ok: true; units: bigint }
  | { ok: false; reason: 'malformed' | 'not_positive' | 'grouped' };

/** Digits with commas: "1,000" (US grouping) or "1,5" (a decimal comma). */
const WITH_COMMA = /^\d[\d,]*(\.\d+)?$/;

/**
 * Converts a typed decimal into base units exactly, with string arithmetic only. More than 8
 * decimals is malformed rather than rounded: the agent must move exactly what was written.
 * `negative` is set when a minus sign was written before the number.
 */
export function parseAmount(raw: string, negative = false): ParsedAmount {
  // "1,000" is a thousand to some writers and 1.0 to others: never guess (decision 0005).
  if (raw.includes(',') && WITH_COMMA.test(raw)) return { ok: false, reason: 'grouped' };
  const units = parseTokenAmount(raw);
  if (units === null) return { ok: false, reason: 'malformed' };
  if (negative || units === 0n) return { ok: false, reason: 'not_positive' };
  return { ok: true, units };
}
