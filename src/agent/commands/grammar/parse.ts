import { parseAnalysis } from '../analyze/parse-analysis.ts';
import { parseQuestion } from '../balance/parse-question.ts';
import { parsePromote } from '../promote/parse-promote.ts';
import { parseSend } from '../send/parse-send.ts';
import { parseSubscribe, SUBSCRIBE_VERBS } from '../subscribe/parse-subscribe.ts';
import { parseVideo } from '../video/parse-video.ts';
import { type CommandSpan, commandSpan } from './command-span.ts';
import type { Piece } from './tokenize.ts';
import type { Command, ParseContext } from './types.ts';
import {
  ANALYSIS_WORDS,
  CREATE_WORDS,
  FINGERPRINT_WORDS,
  HELP_PHRASES,
  HELP_WORDS,
  OPENERS,
  PROMOTE_WORDS,
  SEND_VERBS,
} from './vocabulary.ts';

export type { Command, ParseContext } from './types.ts';

const wordAt = (words: readonly Piece[], index: number) => {
  const piece = words[index];
  return piece?.type === 'word' ? piece.value : undefined;
};

/**
 * The deterministic command grammar (docs/decisions/0005-command-grammar.md). Only the author's
 * own words addressed to the agent are read; the command is chosen by its first word after
 * greetings, so "I sent…", "should I send…" and "don't send…" can never be read as a send.
 */
export function parseCommand(text: string, ctx: ParseContext): Command {
  return parseSpan(commandSpan(text, ctx.agentHandle));
}

export function parseSpan({ addressing, pieces }: CommandSpan): Command {
  if (addressing !== 'direct') return { kind: 'unknown' };
  const words = pieces.filter((piece) => piece.type !== 'punct');
  let head = 0;
  while (OPENERS.has(wordAt(words, head) ?? '')) head++;
  if (head >= words.length) return { kind: 'unknown' };

  const first = wordAt(words, head);
  if (first && SEND_VERBS.has(first)) return parseSend(pieces, words, head);
  if (first && SUBSCRIBE_VERBS.has(first)) return parseSubscribe(pieces, words, head);

  const rest = words.slice(head).map((piece) => (piece.type === 'word' ? piece.value : '#'));
  if (rest.some((word) => HELP_WORDS.has(word)) || HELP_PHRASES.test(rest.join(' '))) {
    return { kind: 'help' };
  }
  if (rest.join(' ') === 'confirm' || rest.join(' ') === 'yes confirm') return { kind: 'confirm' };
  // Before promote: "promote this with a video" asks for a video.
  const video = parseVideo(rest);
  if (video) return video;
  const analysis = parseAnalysis(words.slice(head));
  if (analysis) return analysis;
  if (first && ANALYSIS_WORDS.has(first)) return { kind: 'unknown' };
  if (
    (first && FINGERPRINT_WORDS.has(first)) ||
    (first && CREATE_WORDS.has(first) && rest.includes('proof'))
  ) {
    return { kind: 'fingerprint' };
  }
  if (first && PROMOTE_WORDS.has(first)) return parsePromote(words, head) ?? { kind: 'unknown' };
  return parseQuestion(words.slice(head));
}
