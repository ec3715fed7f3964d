import type { Piece } from './tokenize.ts';
import type { Command } from './types.ts';
import { ADDRESS_WORDS, BALANCE_WORDS, QUESTION_FILLERS, tokenOf } from './vocabulary.ts';

const HOW_MUCH = new Set(['how', 'much', 'do', 'i', 'have', 'got', 'in', 'my', 'wallet']);

/**
 * Balance and address questions: "balance", "what's my balance", "bal", "balance @bob",
 * "@bob's balance", "what's @bob's address", "wallet", "my wallet address". After dropping
 * question words the rest must be exactly: the subject word(s), plus either "my" or one handle.
 * Anything else ("my balance and @bob's") is unknown rather than guessed.
 */
export function parseQuestion(words: readonly Piece[]): Command {
  const values = words.map((piece) => (piece.type === 'word' ? piece.value : ''));
  if (values.includes('how') && values.includes('much')) {
    const rest = words.filter((piece) => !tokenOf(piece));
    if (rest.every((piece) => piece.type === 'word' && HOW_MUCH.has(piece.value))) {
      return { kind: 'balance', target: { self: true } };
    }
  }

  let kind: 'balance' | 'address' | undefined;
  let mine = false;
  const mentions: Piece[] = [];
  for (const piece of words) {
    if (piece.type === 'mention') mentions.push(piece);
    else if (piece.type === 'cashtag' && tokenOf(piece)) continue;
    else if (piece.type !== 'word') return { kind: 'unknown' };
    else if (BALANCE_WORDS.has(piece.value)) kind = 'balance';
    else if (ADDRESS_WORDS.has(piece.value)) kind ??= 'address';
    else if (piece.value === 'my') mine = true;
    else if (!QUESTION_FILLERS.has(piece.value)) return { kind: 'unknown' };
  }
  if (!kind || mentions.length > 1 || (mine && mentions.length > 0)) return { kind: 'unknown' };

  const subject = mentions[0];
  if (!subject) return { kind, target: { self: true } };
  if (subject.suspicious) return { kind: 'invalid', reason: 'suspicious_characters' };
  if (subject.type !== 'mention' || !subject.valid) return { kind: 'unknown' };
  return { kind, target: { handle: subject.handle } };
}
