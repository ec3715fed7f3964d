import { fixedEnUs, numberEnUs } from '@/web/lib/plain-format';

/** Number formats of the portfolio page (en-US). */
const fixed = fixedEnUs;

/** Prices 0..1 as cents: 0.456 → "45.6¢" (1 decimal in rows, 2 in the detail). */
export const cents = (price: number, decimals = 1) => `${fixed(price * 100, decimals)}¢`;

/** Current price in cents, '-' when missing. */
export const centsOrDash = (price: number | null) => (price === null ? '-' : cents(price));

export const usd = (n: number) => `$${fixed(n, 2)}`;

/** "+$1.23" / "-$0.50": a sign always, green at 0 or above. */
export const signedUsd = (n: number) => `${n < 0 ? '-' : '+'}$${fixed(Math.abs(n), 2)}`;

/** "+4.5%" / "-12.0%". */
export const signedPercent = (n: number, decimals = 1) =>
  `${n < 0 ? '-' : '+'}${fixed(Math.abs(n), decimals)}%`;

export const shares = (n: number, decimals = 1) => fixed(n, decimals);

export const gainClass = (n: number) => (n >= 0 ? 'text-emerald-400' : 'text-red-400');

/** Token ids are long numbers: the first 10 characters and an ellipsis. */
export const shortTokenId = (id: string) => (id.length > 10 ? `${id.slice(0, 10)}…` : id);

const COMPACT: [number, string][] = [
  [1e12, 'T'],
  [1e9, 'B'],
  [1e6, 'M'],
  [1e3, 'K'],
];
const dollars = (v: number, text: (abs: number) => string) =>
  `${v < 0 ? '-' : ''}$${text(Math.abs(v))}`;
/** Intl's en-US compact currency ("$2.2K"), written without Intl (lib/plain-format.ts). */
const compactUsd = (digits: number) => ({
  format: (v: number) =>
    dollars(v, (abs) => {
      const [size, suffix] = COMPACT.find(([size]) => abs >= size) ?? [1, ''];
      return `${numberEnUs(abs / size, digits)}${suffix}`;
    }),
});
const plainUsd = (digits: number) => ({
  format: (v: number) => dollars(v, (abs) => fixedEnUs(abs, digits)),
});
const distinct = (labels: string[]) => new Set(labels).size === labels.length;

/**
 * Dollar labels for a chart axis: short ($2.2K) while that tells the ticks apart, else as many
 * decimals as it takes ($2,214.25, $2,214.50), so two ticks never read the same.
 */
export function axisDollars(ticks: number[]): string[] {
  for (const digits of [1, 2]) {
    const labels = ticks.map((v) => compactUsd(digits).format(v));
    if (distinct(labels)) return labels;
  }
  let labels: string[] = [];
  for (const digits of [0, 1, 2, 3, 4]) {
    labels = ticks.map((v) => plainUsd(digits).format(v));
    if (distinct(labels)) return labels;
  }
  return labels;
}

const UNITS: [number, string][] = [
  [86_400_000, 'day'],
  [3_600_000, 'hour'],
  [60_000, 'minute'],
  [1000, 'second'],
];

/** A duration in its largest whole unit: '2 minutes', '1 hour', '30 days'. */
export function spanText(ms: number): string {
  for (const [size, unit] of UNITS) {
    if (ms < size) continue;
    const n = Math.round(ms / size);
    return `${n} ${unit}${n === 1 ? '' : 's'}`;
  }
  return '1 second';
}
