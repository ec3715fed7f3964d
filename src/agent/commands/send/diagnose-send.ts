import type { Piece } from '../grammar/tokenize.ts';
import type { Command } from '../grammar/types.ts';
import { tokenOf, tokenWord } from '../grammar/vocabulary.ts';

const NUMBER_WORDS = new Set([
  ...['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'],
  ...['eleven', 'twelve', 'twenty', 'thirty', 'fifty', 'hundred', 'thousand', 'million'],
  ...['a', 'an', 'half', 'dozen'],
]);
/** Words that may follow an amount without being a coin's name. */
const NOT_TICKERS = new Set(['to', 'of', 'my', 'token', 'tokens', 'coin', 'coins', 'for', 'and']);
const TICKER = /^[a-z]{2,10}$/;
const X_HANDLE = /^[a-z0-9_]{1,15}$/;

type Invalid = Extract<Command, { kind: 'invalid' }>;

/** "1.123456789": the network counts 8 decimals, and the agent never rounds what was written. */
export const hasTooManyDecimals = (numeral: string) => /^\d*\.\d{9,}$/.test(numeral);

/**
 * Why a send the grammar could not read was not understood, when the reason is plain: an amount
 * in words, more than 8 decimals, a coin the agent does not hold, a recipient without '@'. The
 * answer is a refusal that says so — never a guess that moves money. Null when there is
 * no plain reason (the author then gets the help text).
 */
export function diagnoseSend(words: readonly Piece[], verb: number): Invalid | null {
  let at = verb + 1;
  if (words[at]?.type === 'mention') at++;
  const amount = words[at];
  if (amount?.type === 'word' && NUMBER_WORDS.has(amount.value)) {
    return { kind: 'invalid', reason: 'amount_in_words' };
  }
  if (amount?.type !== 'number') return null;
  if (hasTooManyDecimals(amount.numeral)) return { kind: 'invalid', reason: 'too_many_decimals' };
  if (amount.suffix && !tokenWord(amount.suffix) && TICKER.test(amount.suffix)) {
    return { kind: 'invalid', reason: 'unsupported_token', detail: amount.suffix.toUpperCase() };
  }
  const next = words[at + 1];
  if (next?.type === 'cashtag' && !tokenOf(next)) {
    return { kind: 'invalid', reason: 'unsupported_token', detail: next.symbol.toUpperCase() };
  }
  if (
    next?.type === 'word' &&
    !tokenOf(next) &&
    !NOT_TICKERS.has(next.value) &&
    TICKER.test(next.value)
  ) {
    return { kind: 'invalid', reason: 'unsupported_token', detail: next.raw.toUpperCase() };
  }
  const toAt = words.findIndex((p, i) => i > at && p.type === 'word' && p.value === 'to');
  const recipient = toAt > 0 ? words[toAt + 1] : undefined;
  if (
    recipient?.type === 'word' &&
    X_HANDLE.test(recipient.value) &&
    !/^dag/i.test(recipient.raw)
  ) {
    return { kind: 'invalid', reason: 'recipient_needs_at', detail: recipient.raw };
  }
  return null;
}
