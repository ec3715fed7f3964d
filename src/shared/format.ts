import { UNITS_PER_TOKEN } from './tokens.ts';

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

const LONG_DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'long', day: 'numeric' };

function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "November 22, 2026" (en-US long date); null for a missing or invalid date. */
export function formatLongDate(
  value: string | number | Date | null | undefined,
  timeZone?: string,
): string | null {
  return toDate(value)?.toLocaleDateString('en-US', { ...LONG_DATE, timeZone }) ?? null;
}

/** "November 22, 2026 at 3:04 PM" (en-US long date with hour and minute); null when invalid. */
export function formatLongDateTime(
  value: string | number | Date | null | undefined,
  timeZone?: string,
): string | null {
  return (
    toDate(value)?.toLocaleString('en-US', {
      ...LONG_DATE,
      hour: 'numeric',
      minute: '2-digit',
      timeZone,
    }) ?? null
  );
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
