import type { CommandSpan } from './command-span.ts';
import type { Piece } from './tokenize.ts';
import type { Command, DidYouMean } from './types.ts';

/**
 * The words a mistyped command is corrected to. Only head words of commands, never ordinary
 * words the grammar also knows ("save", "make", "now"): "have a nice day" must not become
 * "save a nice day".
 */
const HEAD_WORDS = [
  'send',
  'tip',
  'pay',
  'give',
  'transfer',
  'balance',
  'address',
  'wallet',
  'confirm',
  'subscribe',
  'fingerprint',
  'analyze',
  'promote',
];
const SEND_HEADS = new Set(['send', 'tip', 'pay', 'give', 'transfer']);

/** Optimal string alignment distance: insertions, deletions, substitutions, swaps of neighbours. */
export function editDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, d[i - 2]![j - 2]! + 1);
      }
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

/** Short words allow one slip, longer ones two ("fingerprnt", "subcsribe"). */
const allowed = (word: string) => (word.length <= 2 ? 0 : word.length <= 5 ? 1 : 2);

/** The one head word `word` is a slip of, or null (none, or two equally near). */
export function nearestHeadWord(word: string): string | null {
  if (HEAD_WORDS.includes(word)) return null;
  let best: string | null = null;
  let bestDistance = Number.POSITIVE_INFINITY;
  let tie = false;
  for (const head of HEAD_WORDS) {
    const distance = editDistance(word, head);
    if (distance > allowed(head) || distance > allowed(word) + 1) continue;
    if (distance < bestDistance) [best, bestDistance, tie] = [head, distance, false];
    else if (distance === bestDistance) tie = true;
  }
  return tie ? null : best;
}

/**
 * "did you mean …?" for a post the grammar did not understand (issue 43 §3): the first word
 * that is a slip of a command's head word is corrected, and the corrected text is offered only
 * if the grammar then reads a command from it. Amounts and recipients are quoted exactly as
 * written, never guessed; a send without a recipient says so (the reply adds a placeholder). The
 * corrected text is never executed: the author posts it.
 */
export function suggestCommand(
  span: CommandSpan,
  agentHandle: string,
  parse: (span: CommandSpan) => Command,
): DidYouMean | null {
  const { pieces, text } = span;
  if (pieces.length === 0) return null;
  const at = pieces.findIndex((p) => p.type === 'word' && nearestHeadWord(p.value) !== null);
  if (at < 0 || at > 3) return null;
  const slip = pieces[at] as Extract<Piece, { type: 'word' }>;
  const head = nearestHeadWord(slip.value)!;
  const fixed = pieces.map((p, i) => (i === at ? { ...p, value: head, raw: head } : p));
  const command = parse({ ...span, pieces: fixed });
  // Other accounts are quoted as "@…" and named without '@': the reply must not tag them (and
  // on self-serve X the outbox drops their '@', which would make the quoted text wrong).
  const swaps = fixed
    .filter((p) => p === fixed[at] || p.type === 'mention')
    .map((p) => ({ start: p.start, end: p.end, with: p.type === 'mention' ? '@…' : head }));
  let corrected = '';
  let from = pieces[0]!.start;
  for (const swap of swaps) {
    corrected += text.slice(from, swap.start) + swap.with;
    from = swap.end;
  }
  corrected += text.slice(from, pieces[pieces.length - 1]!.end);
  const post = `@${agentHandle} ${corrected.trim().replace(/[.!]+$/, '')}`;
  const handles = fixed.flatMap((p) => (p.type === 'mention' ? [p.handle] : []));
  if (!['unknown', 'help', 'invalid'].includes(command.kind)) {
    return { text: post, handles, needsRecipient: false };
  }
  const sendWithoutRecipient =
    command.kind === 'unknown' &&
    SEND_HEADS.has(head) &&
    fixed.some((p) => p.type === 'number') &&
    !fixed.some((p) => p.type === 'word' && p.value === 'to');
  return sendWithoutRecipient ? { text: post, handles, needsRecipient: true } : null;
}
