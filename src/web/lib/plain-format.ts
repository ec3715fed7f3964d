/**
 * en-US number and date text without Intl. A page's first Intl call (toLocaleString,
 * Intl.NumberFormat…) starts ICU in that page: 150–300 ms of one main-thread task on the bench
 * machine, half a second of total blocking time in Lighthouse's mobile run, paid by every data
 * page just to print "1,234". These give the same text as `toLocaleString('en-US', …)` for the
 * forms the public data pages use (plain-format.test.ts compares them with Intl).
 */

const group = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/**
 * `abs` (≥ 0) to `d` decimals as ICU rounds: half away from zero on the shortest decimal that
 * reads back as the number ("1.005" → "1.01", where `toFixed` rounds the binary 1.00499… down).
 */
function roundedDecimal(abs: number, d: number): [string, string] {
  const text = String(abs);
  if (text.includes('e')) {
    const [whole = '0', fraction = ''] = abs.toFixed(d).split('.');
    return [whole, fraction];
  }
  const [whole = '0', fraction = ''] = text.split('.');
  const kept = BigInt(whole + fraction.slice(0, d).padEnd(d, '0'));
  const digits = String((fraction[d] ?? '0') >= '5' ? kept + 1n : kept).padStart(d + 1, '0');
  return d ? [digits.slice(0, -d), digits.slice(-d)] : [digits, ''];
}

/** Sign, grouped whole part and fraction of `n` to `d` decimals. */
function parts(n: number, d: number) {
  const negative = n < 0 || Object.is(n, -0);
  const [whole, fraction] = roundedDecimal(Math.abs(n), d);
  return { sign: negative ? '-' : '', whole: group(whole), fraction };
}

/** `n.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d })`. */
export function fixedEnUs(n: number, d: number): string {
  if (!Number.isFinite(n)) return n.toLocaleString('en-US');
  const p = parts(n, d);
  return `${p.sign}${p.whole}${p.fraction ? `.${p.fraction}` : ''}`;
}

/** `n.toLocaleString('en-US', { maximumFractionDigits: max })`; max 3 is toLocaleString's own. */
export function numberEnUs(n: number, max = 3): string {
  if (!Number.isFinite(n)) return n.toLocaleString('en-US');
  const p = parts(n, max);
  const fraction = p.fraction.replace(/0+$/, '');
  const text = `${p.whole}${fraction ? `.${fraction}` : ''}`;
  return text === '0' && p.sign ? '-0' : `${p.sign}${text}`;
}

/** `n.toLocaleString('en-US', { style: 'currency', currency: 'USD' })`: "-$1,234.50". */
export function usdEnUs(n: number): string {
  if (!Number.isFinite(n)) return n.toLocaleString('en-US', { style: 'currency', currency: 'USD' });
  const p = parts(n, 2);
  return `${p.sign}$${p.whole}.${p.fraction}`;
}

/** The same with `maximumSignificantDigits` (no trailing zeros): "$0.05004", "$12.5". */
export function usdSignificantEnUs(n: number, digits: number): string {
  const rounded = Number(n.toPrecision(digits));
  const text = String(Math.abs(rounded));
  if (!Number.isFinite(n) || text.includes('e')) {
    return n.toLocaleString('en-US', {
      style: 'currency',
      currency: 'USD',
      maximumSignificantDigits: digits,
    });
  }
  const [whole = '0', fraction] = text.split('.');
  return `${rounded < 0 || Object.is(rounded, -0) ? '-' : ''}$${group(whole)}${fraction ? `.${fraction}` : ''}`;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const twoDigits = (n: number) => String(n).padStart(2, '0');

/** h:mm[:ss] AM/PM of a local hour. */
const clock = (h: number, m: number, s?: number) =>
  `${h % 12 || 12}:${twoDigits(m)}${s === undefined ? '' : `:${twoDigits(s)}`} ${h < 12 ? 'AM' : 'PM'}`;

/** `date.toLocaleString('en-US')` in the visitor's time zone: "1/5/2026, 12:07:09 AM". */
export function dateTimeEnUs(date: Date): string {
  if (Number.isNaN(date.getTime())) return 'Invalid Date';
  return `${date.getMonth() + 1}/${date.getDate()}/${date.getFullYear()}, ${clock(
    date.getHours(),
    date.getMinutes(),
    date.getSeconds(),
  )}`;
}

/**
 * `toLocaleString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit'
 * [, second: '2-digit'] })`: "Nov 27, 1:05 PM" / "Nov 27, 1:05:09 PM".
 */
export function shortDateTimeEnUs(date: Date, seconds = false): string {
  const month = MONTHS[date.getMonth()]?.slice(0, 3);
  const time = clock(date.getHours(), date.getMinutes(), seconds ? date.getSeconds() : undefined);
  return `${month} ${date.getDate()}, ${time}`;
}

/** A "YYYY-MM" month as `toLocaleDateString('en-US', { month: 'long', year: 'numeric' })`. */
export function monthYearEnUs(month: string): string {
  const [year, m] = month.split('-').map(Number);
  const name = MONTHS[(m ?? 0) - 1];
  return name && year ? `${name} ${year}` : 'Invalid Date';
}
