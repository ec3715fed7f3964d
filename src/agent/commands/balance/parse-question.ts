import type { Piece } from '../grammar/tokenize.ts';
import type { Command } from '../grammar/types.ts';
import {
  ADDRESS_WORDS,
  BALANCE_WORDS,
  blocksQuestion,
  CONTRACTIONS,
  OTHER_OWNERS,
  TRANSFER_WORDS,
  tokenOf,
} from '../grammar/vocabulary.ts';

type Subject = 'balance' | 'address';

/**
 * What is asked about: "balance"/"bal", "how much … have/got", "address"/"addr", or "wallet"
 * alone ("my wallet balance" is a balance). Both a balance and an address word is two questions.
 */
function subjectOf(values: readonly string[]): Subject | 'both' | undefined {
  const howMuch =
    values.includes('how') &&
    values.includes('much') &&
    values.some((v) => v === 'have' || v === 'got');
  const balance = howMuch || values.some((value) => BALANCE_WORDS.has(value));
  const address = values.some((value) => ADDRESS_WORDS.has(value) && value !== 'wallet');
  if (balance && address) return 'both';
  if (balance) return 'balance';
  if (address || values.includes('wallet')) return 'address';
  return undefined;
}

/**
 * "wallet" names the address only in a request for it ("my wallet?", "what's @bob's wallet",
 * "show me my wallet pls"); "I love this wallet" is a remark, not a question.
 */
const WALLET_REQUEST_WORDS = new Set([
  ...['wallet', 'my', 'me', 'what', "what's", 'whats', 'where', "where's", 'wheres', 'is', 'the'],
  ...['show', 'give', 'get', 'send', 'tell', 'share', 'need', 'i', 'please', 'pls', 'plz'],
  ...['thanks', 'thx', 'ty', 'thank', 'you', 'hey', 'hi', 'gm', 'of', 'for', 'again'],
  ...['new', 'here', "i'm", 'im', 'just', 'so', 'still', 'now', 'can', 'see', 'check'],
]);
const isWalletRequest = (values: readonly string[]) =>
  values.every((v) => WALLET_REQUEST_WORDS.has(v) || (v.endsWith("'s") && v.length > 2));

/** Pieces that mean the post is about something else: amounts, other coins, DAG addresses. */
const isForeign = (piece: Piece) =>
  piece.type === 'number' ||
  piece.type === 'usd' ||
  (piece.type === 'cashtag' && !tokenOf(piece)) ||
  (piece.type === 'word' && /^dag./i.test(piece.raw));

/** Words that change whose wallet or which moment is meant, or mix in a transfer. */
const isForeignWord = (value: string) =>
  blocksQuestion(value) ||
  TRANSFER_WORDS.has(value) ||
  (value.endsWith("'s") && !CONTRACTIONS.has(value));

/**
 * Balance and address questions, tolerant of extra words and punctuation around the subject:
 * "balance", "what's my balance?", "balance please 🙏", "@bob's address, thx", "gm! bal".
 * The target is the author ("my" or nobody named) or exactly one handle. Refused as unknown
 * rather than guessed: two handles ("balance @bob @carol"), "my" together with a handle, "your"
 * with no handle, someone else's possessive ("mom's address"), both balance and address, and
 * posts that also carry an amount, a DAG address, another coin, a negation or a transfer word.
 */
export function parseQuestion(words: readonly Piece[]): Command {
  const values = words.flatMap((piece) => (piece.type === 'word' ? [piece.value] : []));
  const kind = subjectOf(values);
  if (kind === undefined || kind === 'both') return { kind: 'unknown' };
  const walletOnly =
    kind === 'address' && !values.some((v) => ADDRESS_WORDS.has(v) && v !== 'wallet');
  if (walletOnly && !isWalletRequest(values)) return { kind: 'unknown' };
  if (words.some(isForeign) || values.some(isForeignWord)) return { kind: 'unknown' };

  const mentions = words.filter((piece) => piece.type === 'mention');
  const mine = values.includes('my');
  const someoneElse = values.some((value) => OTHER_OWNERS.has(value));
  if (mentions.length > 1 || (mine && mentions.length > 0) || (mine && someoneElse)) {
    return { kind: 'unknown' };
  }

  const subject = mentions[0];
  if (!subject) return someoneElse ? { kind: 'unknown' } : { kind, target: { self: true } };
  if (subject.suspicious) return { kind: 'invalid', reason: 'suspicious_characters' };
  if (!subject.valid) return { kind: 'unknown' };
  return { kind, target: { handle: subject.handle } };
}
