import type { Piece } from '../grammar/tokenize.ts';
import type { Command, PromoteStyle } from '../grammar/types.ts';

const STYLES: Record<string, PromoteStyle> = {
  promote: 'promote',
  boost: 'promote',
  shill: 'promote',
  quote: 'quote',
  comment: 'comment',
};
const TARGET_WORDS = new Set(['this', 'it', 'that']);
const NOUNS = new Set(['post', 'tweet', 'one']);
const POLITE = new Set(['please', 'pls', 'plz', 'thanks', 'thx', 'ty', 'now']);

/**
 * "promote this", "quote this post", "comment on this please": the verb, then the post this one
 * replies to or quotes ("this"/"it"/"that", or nothing). Anything else ("promote @bob", "quote
 * this and send 5 UP", "promote my project") is not a promotion: the target is never named in text.
 */
export function parsePromote(words: readonly Piece[], head: number): Command | null {
  const first = words[head];
  const style = first?.type === 'word' ? STYLES[first.value] : undefined;
  if (!style) return null;
  const rest = words.slice(head + 1);
  const values = rest.map((p) => (p.type === 'word' ? p.value : '#'));
  let at = 0;
  if (style === 'comment' && values[at] === 'on') at++;
  if (TARGET_WORDS.has(values[at] ?? '')) {
    at++;
    if (NOUNS.has(values[at] ?? '')) at++;
  } else if (at > 0) return null;
  while (at < values.length && POLITE.has(values[at]!)) at++;
  if (at !== values.length) return null;
  return { kind: 'promote', style };
}
