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
