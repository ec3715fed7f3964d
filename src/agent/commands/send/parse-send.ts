import { isValidDagAddress } from '@/shared/dag-address.ts';
import type { Token } from '@/shared/tokens.ts';
import { parseAmount } from '../grammar/amount.ts';
import type { Piece } from '../grammar/tokenize.ts';
import type { Command } from '../grammar/types.ts';
import { isBlocker, tokenOf, tokenWord } from '../grammar/vocabulary.ts';
import { diagnoseSend, hasTooManyDecimals } from './diagnose-send.ts';

const MINUS_SIGNS = new Set(['-', '−', '–', '—', '‐', '‑', '‒', '➖']);
/** "10$", "€10", "10%" are not token amounts: refuse rather than send 10 UP. */
const CURRENCY_SIGNS = new Set(['$', '€', '£', '¥', '¢', '₿', '%', '‰']);
const TOKEN_NOUNS = new Set(['token', 'tokens', 'coin', 'coins']);

/** "DAG…" in the recipient slot: validated as an address, never read as the token. */
const looksLikeAddress = (piece: Piece | undefined) =>
  piece?.type === 'word' && /^dag./i.test(piece.raw);

const isWord = (piece: Piece | undefined, ...values: string[]) =>
  piece?.type === 'word' && values.includes(piece.value);

interface SendShape {
  amount: Piece | 'all';
  token?: Token;
  recipient: Piece;
  /** Index of the first word after the recipient. */
  end: number;
}

/**
 * Reads "<verb> <amount|all [of] [my]> [token] [tokens] [to] <@handle>", "<verb> <amount> …
 * to <DAG address>" and "<verb> <@handle> <amount> [token]". `seen` records how far it looked,
 * so a lookalike character that made the shape fail is still reported as suspicious.
 */
function readShape(words: readonly Piece[], verb: number, seen: { last: number }) {
  let at = verb + 1;
  const look = (offset = 0) => {
    seen.last = Math.max(seen.last, at + offset);
    return words[at + offset];
  };
  let recipient: Piece | undefined;
  let token: Token | undefined;

  const first = look();
  if (first?.type === 'mention') {
    recipient = first;
    at++;
  }
  let amount: Piece | 'all';
  const amountPiece = look();
  if (amountPiece?.type === 'number') {
    amount = amountPiece;
    if (amountPiece.suffix !== '') {
      token = tokenWord(amountPiece.suffix);
      if (!token) return null;
    }
    at++;
  } else if (isWord(amountPiece, 'all')) {
    amount = 'all';
    at++;
    if (isWord(look(), 'of')) at++;
    if (isWord(look(), 'my')) at++;
  } else {
    return null;
  }
  if (!token && tokenOf(look())) token = tokenOf(words[at++]);
  if (isWord(look(), ...TOKEN_NOUNS)) at++;

  if (!recipient) {
    const to = isWord(look(), 'to');
    if (to) at++;
    const candidate = look();
    if (candidate?.type === 'mention' || (to && looksLikeAddress(candidate))) {
      recipient = candidate;
      at++;
    }
  }
  if (!recipient) return null;
  return { amount, token, recipient, end: at } satisfies SendShape;
}

/** What may follow a send without making it ambiguous: words and emoji, not more amounts or people. */
const isAmbiguousTail = (piece: Piece) =>
  piece.type === 'mention' ||
  piece.type === 'number' ||
  piece.type === 'usd' ||
  piece.type === 'cashtag' ||
  looksLikeAddress(piece);

export function parseSend(span: readonly Piece[], words: readonly Piece[], verb: number): Command {
  const seen = { last: verb };
  const shape = readShape(words, verb, seen);
  if (words.slice(verb, seen.last + 1).some((piece) => piece.suspicious)) {
    return { kind: 'invalid', reason: 'suspicious_characters' };
  }
  if (!shape) return diagnoseSend(words, verb) ?? { kind: 'unknown' };

  const asked = span.some((piece) => piece.type === 'punct' && piece.char === '?');
  const hedged = words.some((piece) => piece.type === 'word' && isBlocker(piece.value));
  if (asked || hedged) return { kind: 'invalid', reason: 'not_a_command' };
  if (words.slice(shape.end).some(isAmbiguousTail)) {
    return { kind: 'invalid', reason: 'one_send_per_post' };
  }

  let amount: { units: bigint } | 'all' = 'all';
  if (shape.amount !== 'all') {
    const piece = shape.amount;
    const index = span.indexOf(piece);
    const [before, after] = [span[index - 1], span[index + 1]];
    const isSign = (p: Piece | undefined, signs: Set<string>) =>
      p?.type === 'punct' && signs.has(p.char);
    if (isSign(before, CURRENCY_SIGNS) || isSign(after, CURRENCY_SIGNS)) return { kind: 'unknown' };
    const negative = isSign(before, MINUS_SIGNS);
    const parsed = parseAmount(piece.type === 'number' ? piece.numeral : '', negative);
    if (!parsed.ok && parsed.reason === 'malformed') {
      const numeral = piece.type === 'number' ? piece.numeral : '';
      return hasTooManyDecimals(numeral)
        ? { kind: 'invalid', reason: 'too_many_decimals' }
        : { kind: 'unknown' };
    }
    if (!parsed.ok && parsed.reason === 'grouped')
      return { kind: 'invalid', reason: 'grouped_amount' };
    if (!parsed.ok) return { kind: 'invalid', reason: 'amount_not_positive' };
    amount = { units: parsed.units };
  }

  const { recipient } = shape;
  if (recipient.type === 'mention') {
    if (!recipient.valid || recipient.possessive) return { kind: 'unknown' };
    return { kind: 'send', amount, token: shape.token ?? 'UP', to: { handle: recipient.handle } };
  }
  const address = recipient.type === 'word' ? recipient.raw : '';
  if (!isValidDagAddress(address)) return { kind: 'invalid', reason: 'invalid_address' };
  return { kind: 'send', amount, token: shape.token ?? 'UP', to: { address } };
}
