import { UNITS_PER_TOKEN } from './tokens.ts';

/**
 * Token amounts, the one place they are parsed and formatted. Amounts are bigint base units:
 * every token has 8 decimals, so 1 token = 100,000,000 base units (UNITS_PER_TOKEN).
 * Parsing is exact string arithmetic: nothing is rounded, and more than 8 decimals is refused.
 */
export { UNITS_PER_TOKEN };
export const TOKEN_DECIMALS = 8;

const PLAIN = /^(\d+)(?:\.(\d+))?$/;
/** "1,000" or "1,000,000.25": comma groups of exactly three digits. */
const GROUPED = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?$/;

/**
 * A decimal written in whole tokens ("12.5", with `grouping` also "1,000.25") → base units, or
 * null when it is not such a decimal or has more than 8 decimals. No sign is accepted.
 */
export function parseTokenAmount(text: string, opts: { grouping?: boolean } = {}): bigint | null {
  const match = (opts.grouping ? GROUPED : PLAIN).exec(text);
  if (!match) return null;
  const whole = match[1]!.replaceAll(',', '');
  const fraction = match[2] ?? '';
  if (fraction.length > TOKEN_DECIMALS) return null;
  return BigInt(whole) * UNITS_PER_TOKEN + BigInt(fraction.padEnd(TOKEN_DECIMALS, '0'));
}

/**
 * Base units → whole tokens as a number, for JSON fields and charts that carry numbers (never for
 * arithmetic on money). Floors to 1e-8 first (never shows more than the wallet holds), so an
 * 18-decimal Base balance and an 8-decimal DAG balance read alike; goes through the decimal text
 * so the result is the nearest double to the exact value.
 */
export function unitsToNumber(units: bigint, decimals = TOKEN_DECIMALS): number {
  const scaled =
    decimals >= TOKEN_DECIMALS
      ? units / 10n ** BigInt(decimals - TOKEN_DECIMALS)
      : units * 10n ** BigInt(TOKEN_DECIMALS - decimals);
  return Number(unitsToDecimal(scaled));
}

/** Exact decimal string in whole tokens, trailing zeros trimmed: 123456789n → "1.23456789". */
export function unitsToDecimal(units: bigint): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const whole = abs / UNITS_PER_TOKEN;
  const fraction = (abs % UNITS_PER_TOKEN).toString().padStart(8, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/**
 * Parses a raw balance in base units (number, bigint or decimal string) and floors it.
 * Returns null for anything that is not a finite number.
 */
function flooredBaseUnits(raw: unknown): bigint | null {
  if (typeof raw === 'bigint') return raw;
  if (typeof raw === 'number') {
    if (!Number.isFinite(raw)) return null;
    // Numbers above 2^53 are already integers; BigInt() of a floored double is exact.
    return BigInt(Math.floor(raw));
  }
  if (typeof raw === 'string') {
    const match = /^\s*(-?)(\d+)(?:\.(\d*))?\s*$/.exec(raw);
    if (!match) return null;
    const [, sign, whole, fraction] = match;
    const magnitude = BigInt(whole as string);
    const hasFraction = fraction !== undefined && /[1-9]/.test(fraction);
    if (sign === '-') return hasFraction ? -magnitude - 1n : -magnitude;
    return magnitude;
  }
  return null;
}

const groupThousands = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/**
 * Display form of a token amount given in base units (1e8 per token): floored to a whole base
 * unit, divided by 1e8, shown with exactly 2 decimals and en-US grouping ("1,234.56").
 * Rounds half away from zero like `toLocaleString`, but in bigint arithmetic so large balances
 * lose nothing. Missing or non-numeric input shows '0.00'.
 */
export function formatTokenAmount(raw: unknown): string {
  const units = flooredBaseUnits(raw);
  if (units === null) return '0.00';
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const perCent = UNITS_PER_TOKEN / 100n;
  const cents = (abs + perCent / 2n) / perCent;
  const whole = groupThousands((cents / 100n).toString());
  const fraction = (cents % 100n).toString().padStart(2, '0');
  return `${negative && cents > 0n ? '-' : ''}${whole}.${fraction}`;
}

/**
 * Display form of a token amount given as a decimal string in token units, as the wallet
 * balance API sends it ("1234.56789"): digits past the 8th decimal are floored away, then it is
 * shown like `formatTokenAmount`. A finite number is accepted too; anything else shows '0.00'.
 */
export function formatTokenDecimal(value: unknown): string {
  const text = typeof value === 'number' && Number.isFinite(value) ? value.toFixed(8) : value;
  if (typeof text !== 'string') return '0.00';
  const match = /^\s*(-?)(\d+)(?:\.(\d*))?\s*$/.exec(text);
  if (!match) return '0.00';
  const [, sign, whole, fraction = ''] = match;
  const digits = `${whole}${fraction.slice(0, 8).padEnd(8, '0')}`;
  // Flooring a negative amount moves it down when any digit was cut off.
  const cut = sign === '-' && /[1-9]/.test(fraction.slice(8)) ? 1n : 0n;
  return formatTokenAmount(sign === '-' ? -BigInt(digits) - cut : BigInt(digits));
}

/**
 * Exact display form of an amount in base units, for explorer pages: every significant decimal
 * (at least `minDecimals`, at most 8) with en-US grouping, so 1 base unit shows "0.00000001".
 */
export function formatTokenAmountExact(units: bigint, minDecimals = 2): string {
  const abs = units < 0n ? -units : units;
  const whole = groupThousands((abs / UNITS_PER_TOKEN).toString());
  const digits = (abs % UNITS_PER_TOKEN).toString().padStart(8, '0');
  const significant = digits.replace(/0+$/, '');
  const fraction = digits.slice(0, Math.max(significant.length, Math.min(minDecimals, 8)));
  return `${units < 0n ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** The larger of two amounts (Math.max takes no bigint). */
export const maxUnits = (a: bigint, b: bigint): bigint => (a > b ? a : b);
