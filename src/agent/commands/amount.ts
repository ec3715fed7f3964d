import { parseTokenAmount } from '../../shared/units.ts';

export type ParsedAmount =
  | { ok: true; units: bigint }
  | { ok: false; reason: 'malformed' | 'not_positive' };

/**
 * Converts a typed decimal into base units exactly, with string arithmetic only. More than 8
 * decimals is malformed rather than rounded: the agent must move exactly what was written.
 * `negative` is set when a minus sign was written before the number.
 */
export function parseAmount(raw: string, negative = false): ParsedAmount {
  const units = parseTokenAmount(raw, { grouping: true });
  if (units === null) return { ok: false, reason: 'malformed' };
  if (negative || units === 0n) return { ok: false, reason: 'not_positive' };
  return { ok: true, units };
}
