import { UNITS_PER_TOKEN } from '../../shared/tokens.ts';

const DECIMALS = 8;
/** "10", "0.5", "1,000", "1,000,000.25": comma groups must be exactly three digits. */
const DECIMAL = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?$/;

export type ParsedAmount =
  | { ok: true; units: bigint }
  | { ok: false; reason: 'malformed' | 'not_positive' };

/**
 * Converts a typed decimal into base units exactly, with string arithmetic only. More than 8
 * decimals is malformed rather than rounded: the agent must move exactly what was written.
 * `negative` is set when a minus sign was written before the number.
 */
export function parseAmount(raw: string, negative = false): ParsedAmount {
  const match = DECIMAL.exec(raw);
  if (!match) return { ok: false, reason: 'malformed' };
  const whole = match[1]!.replaceAll(',', '');
  const fraction = match[2] ?? '';
  if (fraction.length > DECIMALS) return { ok: false, reason: 'malformed' };
  const units = BigInt(whole) * UNITS_PER_TOKEN + BigInt(fraction.padEnd(DECIMALS, '0'));
  if (negative || units === 0n) return { ok: false, reason: 'not_positive' };
  return { ok: true, units };
}
