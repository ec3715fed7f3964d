import type { Piece } from '../grammar/tokenize.ts';
import type { Command } from '../grammar/types.ts';
import { ANALYSIS_WORDS, blocksQuestion, tokenOf } from '../grammar/vocabulary.ts';

/** Words that may surround the coin in an analysis request without changing it. */
const FILLER = new Set([
  ...['of', 'on', 'for', 'about', 'the', 'token', 'coin', 'an', 'a', 'me', 'please', 'pls'],
  ...['plz', 'thanks', 'thx', 'ty', 'now', 'quick', 'quickly', 'full', 'right', 'today'],
  ...['can', 'you', 'could', 'would', 'give', 'do', 'run', 'your', 'ai', 'price'],
]);

/** Openings that ask for the agent's view ("what do you think of $UP", "thoughts on DAG"). */
const OPINION_OPENINGS: readonly (readonly string[])[] = [
  ['what', 'do', 'you', 'think', 'of'],
  ['what', 'do', 'you', 'think', 'about'],
  ['what', 'you', 'think', 'of'],
  ['whats', 'your', 'take', 'on'],
  ["what's", 'your', 'take', 'on'],
  ['your', 'take', 'on'],
  ['thoughts', 'on'],
  ['any', 'thoughts', 'on'],
  ['how', 'does', 'look'],
  ['how', 'is', 'doing'],
  ["how's", 'doing'],
  ['hows', 'doing'],
];

const pieceValue = (piece: Piece) =>
  piece.type === 'word' ? piece.value : piece.type === 'cashtag' ? `$${piece.symbol}` : '#';

/**
 * "analyze $UP", "analysis of DAG", "can you analyze $DOR?", "what do you think of $UP": one coin
 * (default UP for a bare "analyze"), nothing else but filler. A coin we do not hold is refused by
 * name; a negation, a handle, an amount or a second coin makes the post something else.
 */
export function parseAnalysis(words: readonly Piece[]): Command | null {
  const values = words.map(pieceValue);
  const verbAt = values.findIndex((v) => ANALYSIS_WORDS.has(v));
  const opening = verbAt === -1 ? matchOpening(values) : null;
  if (verbAt === -1 && !opening) return null;
  if (verbAt > 0 && !values.slice(0, verbAt).every((v) => FILLER.has(v))) return null;
  const skip = new Set(verbAt === -1 ? opening!.used : [verbAt]);
  const coins: Piece[] = [];
  for (const [index, piece] of words.entries()) {
    if (skip.has(index)) continue;
    const value = values[index]!;
    if (piece.type === 'cashtag' || tokenOf(piece)) coins.push(piece);
    else if (piece.type !== 'word' || blocksQuestion(value) || !FILLER.has(value)) return null;
  }
  if (coins.length > 1) return null;
  const coin = coins[0];
  if (!coin) return verbAt === -1 ? null : { kind: 'analyze', token: 'UP' };
  if (coin.suspicious) return { kind: 'invalid', reason: 'suspicious_characters' };
  const token = tokenOf(coin);
  if (token) return { kind: 'analyze', token };
  const symbol = coin.type === 'cashtag' ? coin.symbol.toUpperCase() : '';
  return { kind: 'invalid', reason: 'analysis_token', detail: symbol };
}

/** The opening's words in order, any single piece (the coin) allowed where the phrase has none. */
function matchOpening(values: readonly string[]): { used: number[] } | null {
  for (const phrase of OPINION_OPENINGS) {
    const used: number[] = [];
    let at = 0;
    for (const word of phrase) {
      // "how does $UP look": the coin may sit inside the phrase.
      while (at < values.length && values[at] !== word && used.length > 0 && at - used.at(-1)! < 2)
        at++;
      if (values[at] !== word) break;
      used.push(at++);
    }
    if (used.length === phrase.length && used[0] === 0) return { used };
  }
  return null;
}
