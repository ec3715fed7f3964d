import type { Command } from '../grammar/types.ts';
import { VIDEO_WORDS } from '../grammar/vocabulary.ts';

/** Verbs that ask for a video to be made: "make a video of this". */
const MAKE_VERBS = new Set(['make', 'create', 'generate', 'render', 'produce', 'do', 'build']);
const VIDEO_NOUNS = new Set([...VIDEO_WORDS, 'clip']);
/** Words allowed between the verb and "video": "make me a short promo video". */
const FILLERS = new Set(['a', 'an', 'the', 'me', 'us', 'quick', 'short', 'little', 'cool']);
const FILLERS_PROMO = new Set(['promo', 'promotional', 'promotion', 'promoting', '#']);
const PREPOSITIONS = new Set(['of', 'about', 'for', 'from', 'on', 'with']);
/** What the video is of: always the post this one replies to or quotes, never a named one. */
const OBJECTS = new Set(['this', 'it', 'that', 'post', 'tweet', 'one', 'the', 'my', 'thread']);
const TRAILING = new Set(['please', 'pls', 'plz', 'thanks', 'thx', 'ty', 'now', 'asap']);
const ASKING = new Set(['can', 'could', 'would', 'will']);
const NEGATIONS = new Set(['not', 'no', 'never', 'dont', 'didnt', 'cant', 'wont', 'stop']);

const onlyFrom = (words: string[], allowed: Set<string>) => words.every((w) => allowed.has(w));

/** "of this (post) please": an optional preposition, objects, then politeness. */
function isTail(words: string[]): boolean {
  const rest = PREPOSITIONS.has(words[0] ?? '') ? words.slice(1) : words;
  let i = 0;
  while (i < rest.length && OBJECTS.has(rest[i]!)) i++;
  return onlyFrom(rest.slice(i), TRAILING);
}

/**
 * The video command (decision 0021), read from the words after greetings (`#` stands for a handle,
 * cashtag or number). Three shapes, everything else is not a video command:
 * - make/create/… [a short promo] video [of|about|for this post] — "can you" in front is fine;
 * - video [promote] [this] — "video promote this";
 * - promote this with/as a video.
 * A negation anywhere ("don't make a video of this") is never a command.
 */
export function parseVideo(words: readonly string[]): Command | null {
  let w = [...words];
  if (w.some((x) => NEGATIONS.has(x))) return null;
  if (ASKING.has(w[0] ?? '') && w[1] === 'you') w = w.slice(2);
  const first = w[0] ?? '';
  if (MAKE_VERBS.has(first)) {
    let i = 1;
    while (i < w.length && (FILLERS.has(w[i]!) || FILLERS_PROMO.has(w[i]!))) i++;
    if (!VIDEO_NOUNS.has(w[i] ?? '')) return null;
    return isTail(w.slice(i + 1)) ? { kind: 'video' } : null;
  }
  if (VIDEO_NOUNS.has(first)) {
    const rest = w[1] === 'promote' || w[1] === 'promo' ? w.slice(2) : w.slice(1);
    return isTail(rest) ? { kind: 'video' } : null;
  }
  if (first === 'promote') {
    let i = 1;
    while (i < w.length && OBJECTS.has(w[i]!)) i++;
    if (!['with', 'as', 'in', 'via'].includes(w[i] ?? '')) return null;
    i++;
    while (i < w.length && FILLERS.has(w[i]!)) i++;
    if (!VIDEO_NOUNS.has(w[i] ?? '')) return null;
    return onlyFrom(w.slice(i + 1), TRAILING) ? { kind: 'video' } : null;
  }
  return null;
}
