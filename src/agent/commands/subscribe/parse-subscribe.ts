import type { Piece } from '../grammar/tokenize.ts';
import type { Command } from '../grammar/types.ts';
import { isBlocker } from '../grammar/vocabulary.ts';

/** "subscribe", "upgrade", "renew", "buy": only with a plan named after them. */
export const SUBSCRIBE_VERBS = new Set(['subscribe', 'upgrade', 'renew', 'buy']);

const TIERS = new Set(['pro', 'premium']);
/** Words that may sit between the parts without changing the plan. */
const FILLER = new Set([
  'to',
  'me',
  'my',
  'a',
  'the',
  'for',
  'plan',
  'tier',
  'subscription',
  'on',
  'with',
  'up',
  'in',
  'of',
]);
const MONTHLY = new Set(['monthly', 'month', 'mo']);
const YEARLY = new Set(['yearly', 'year', 'annual', 'annually', 'yr']);
const MONTHS = new Set(['months', 'month', 'mo', 'mos']);
const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
};

/**
 * "subscribe premium monthly", "upgrade to pro for 12 months", "buy premium yearly",
 * "renew my premium for 3 months". Exactly one plan, one duration (default one month, 1–12),
 * nothing else that counts: no second number, no @someone, no '?' or hedge ("should I buy
 * premium?"), else `unknown` — an unclear purchase is never made.
 */
export function parseSubscribe(
  span: readonly Piece[],
  words: readonly Piece[],
  verb: number,
): Command {
  if (span.some((p) => p.type === 'punct' && p.char === '?')) return { kind: 'unknown' };
  let tier: 'pro' | 'premium' | undefined;
  let months: number | undefined;
  let pendingCount: number | undefined;
  const setMonths = (n: number) => {
    if (months !== undefined) return false;
    months = n;
    return true;
  };
  for (const piece of words.slice(verb + 1)) {
    if (piece.suspicious) return { kind: 'invalid', reason: 'suspicious_characters' };
    if (piece.type === 'number') {
      if (pendingCount !== undefined || !/^\d{1,2}$/.test(piece.numeral))
        return { kind: 'unknown' };
      pendingCount = Number(piece.numeral);
      if (piece.suffix === '') continue;
      if (!MONTHS.has(piece.suffix)) return { kind: 'unknown' };
      if (!setMonths(pendingCount)) return { kind: 'unknown' };
      pendingCount = undefined;
      continue;
    }
    if (piece.type !== 'word') return { kind: 'unknown' };
    const w = piece.value;
    if (isBlocker(w)) return { kind: 'unknown' };
    if (pendingCount === undefined && NUMBER_WORDS[w] !== undefined) {
      pendingCount = NUMBER_WORDS[w];
    } else if (pendingCount !== undefined) {
      const n = pendingCount;
      pendingCount = undefined;
      if (MONTHS.has(w) ? !setMonths(n) : !(YEARLY.has(w) && n === 1 && setMonths(12))) {
        return { kind: 'unknown' };
      }
    } else if (TIERS.has(w)) {
      if (tier && tier !== w) return { kind: 'unknown' };
      tier = w as 'pro' | 'premium';
    } else if (MONTHLY.has(w) || YEARLY.has(w)) {
      if (!setMonths(MONTHLY.has(w) ? 1 : 12)) return { kind: 'unknown' };
    } else if (!FILLER.has(w)) {
      return { kind: 'unknown' };
    }
  }
  if (!tier || pendingCount !== undefined) return { kind: 'unknown' };
  const duration = months ?? 1;
  if (duration < 1 || duration > 12) return { kind: 'invalid', reason: 'plan_length' };
  return { kind: 'subscribe', tier, months: duration };
}
