import { TEASER_LENGTH } from '@/shared/portfolio.ts';

/**
 * The free teaser of a locked analysis: the whole text when it fits; else the text cut
 * at the last sentence end (. ! ? followed by a space, a line break or the end) or line break
 * inside the limit; else the raw cut at the limit.
 */
export function teaser(text: string, limit = TEASER_LENGTH): string {
  if (text.length <= limit) return text;
  const head = text.slice(0, limit);
  let cut = -1;
  for (let i = 0; i < head.length; i++) {
    const ch = head[i]!;
    if (ch === '\n') cut = i;
    else if ('.!?'.includes(ch)) {
      const next = text[i + 1];
      if (next === undefined || /\s/.test(next)) cut = i + 1;
    }
  }
  return cut > 0 ? head.slice(0, cut).trimEnd() : head;
}
