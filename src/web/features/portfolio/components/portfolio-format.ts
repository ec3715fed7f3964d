/** Spec §2, §9 number formats of the portfolio page (en-US). */
const fixed = (n: number, d: number) =>
  n.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d });

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
