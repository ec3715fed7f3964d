/**
 * Small helpers the local model's writers share: a stable choice among phrasings (so two inputs
 * read differently, and one input reads the same on every run), and figures written as people
 * write them. No markup beyond what the page renders as markdown.
 */

/** FNV-1a of a string: a stable seed for choosing phrasings. */
export function seedOf(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** One of `options`, chosen by `seed` and a salt (each sentence slot varies on its own). */
export function pick<T>(seed: number, salt: string, options: readonly T[]): T {
  return options[seedOf(`${seed}:${salt}`) % options.length]!;
}

/** A probability as Polymarket shows a price: 41¢, 41.5¢. */
export const cents = (p: number) => `${Number((p * 100).toFixed(1))}¢`;

/** Percentage points: +4.2 pts. */
export const points = (d: number) =>
  `${d > 0 ? '+' : d < 0 ? '−' : '±'}${Math.abs(d * 100).toFixed(1)} pts`;

export const usd = (n: number) =>
  `${n < 0 ? '−' : ''}$${Math.abs(n).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

export const whole = (n: number) => Math.round(n).toLocaleString('en-US');

export const num = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 2 });

export const signedPercent = (n: number) =>
  `${n > 0 ? '+' : n < 0 ? '−' : ''}${Math.abs(n).toFixed(1)}%`;

/** Long runs of digits (outcome token ids, 77 digits) never reach prose. */
export const withoutRawIds = (s: string) => s.replace(/\d{16,}/g, '…');

export const SANDBOX_NOTE =
  '_Written by the local sandbox model from the figures it was given; not a human analyst’s view._';
