import type { NormalizedText } from '@/shared/post-text/normalize.ts';

/**
 * Splits normalized post text into the pieces the grammar reads. Runs are deliberately greedy
 * across scripts ("@bоb" with a Cyrillic "о" is one mention, "1٣" one number) so that a
 * lookalike character can never split a run into a shorter, valid-looking one.
 */

interface Span {
  start: number;
  end: number;
  /** Contains non-ASCII text or characters that only became ASCII through normalization. */
  suspicious: boolean;
}

export type Piece =
  | (Span & { type: 'word'; value: string; raw: string })
  | (Span & { type: 'number'; numeral: string; suffix: string })
  | (Span & { type: 'mention'; handle: string; valid: boolean; possessive: boolean })
  | (Span & { type: 'cashtag'; symbol: string })
  | (Span & { type: 'usd' })
  /** Punctuation, emoji and links: never part of what a command says. */
  | (Span & { type: 'punct'; char: string });

const WHITESPACE = /\s+/uy;
const HANDLE_RUN = /[\p{L}\p{M}\p{N}_]*/uy;
const POSSESSIVE = /['’](?:s)?(?![\p{L}\p{M}\p{N}_])/iuy;
const NUMBER = /[.,]?\p{N}[\p{N}\p{L}\p{M}.,_]*/uy;
const WORD = /[\p{L}\p{M}_][\p{L}\p{M}\p{N}_]*(?:['’][\p{L}\p{M}\p{N}_]+)*/uy;
const ANY = /./suy;
/** Links (quote posts end with one) are skipped whole: "t.co/5ab" must not read as a number. */
const URL = /https?:\/\/\S+/iuy;
/** X does not link "@name" preceded by these (e-mail addresses, "a@b"). */
const NOT_BEFORE_MENTION = /[A-Za-z0-9_!#$%&*@]/;
const X_HANDLE = /^[A-Za-z0-9_]{1,15}$/;
const NOT_PLAIN_ASCII = /[^ -~\t\n\r]/;

function matchAt(pattern: RegExp, text: string, at: number): string | null {
  pattern.lastIndex = at;
  const match = pattern.exec(text);
  return match ? match[0] : null;
}

export function tokenize({ text, tainted }: NormalizedText): Piece[] {
  const pieces: Piece[] = [];
  const suspicious = (start: number, end: number) =>
    NOT_PLAIN_ASCII.test(text.slice(start, end)) || tainted.slice(start, end).includes(true);

  let at = 0;
  while (at < text.length) {
    const space = matchAt(WHITESPACE, text, at);
    if (space) {
      at += space.length;
      continue;
    }
    const start = at;
    const char = text[at]!;

    const url = matchAt(URL, text, at);
    if (url) {
      at += url.length;
      pieces.push({ type: 'punct', char: url, start, end: at, suspicious: suspicious(start, at) });
      continue;
    }

    if (char === '@' && !NOT_BEFORE_MENTION.test(text[at - 1] ?? '')) {
      const handle = matchAt(HANDLE_RUN, text, at + 1)!;
      if (handle !== '') {
        const end = at + 1 + handle.length;
        const glued = text[end] === '@' || text.startsWith('://', end);
        const possessive = glued ? null : matchAt(POSSESSIVE, text, end);
        pieces.push({
          type: 'mention',
          handle: handle.toLowerCase(),
          valid: X_HANDLE.test(handle) && !glued,
          possessive: possessive !== null,
          start,
          end,
          suspicious: suspicious(start, end),
        });
        at = end + (possessive?.length ?? 0);
        continue;
      }
    }

    if (char === '$') {
      const run = matchAt(HANDLE_RUN, text, at + 1)!;
      if (run !== '') {
        const end = at + 1 + run.length;
        const flag = suspicious(start, end);
        if (/^\p{N}/u.test(run)) pieces.push({ type: 'usd', start, end, suspicious: flag });
        else
          pieces.push({ type: 'cashtag', symbol: run.toUpperCase(), start, end, suspicious: flag });
        at = end;
        continue;
      }
    }

    const number = matchAt(NUMBER, text, at);
    if (number) {
      const trimmed = number.replace(/[.,]+$/, '');
      const end = at + trimmed.length;
      const numeral = /^[.,]?[0-9][0-9.,]*/.exec(trimmed)?.[0] ?? '';
      pieces.push({
        type: 'number',
        numeral,
        suffix: trimmed.slice(numeral.length).toLowerCase(),
        start,
        end,
        suspicious: suspicious(start, end),
      });
      at = end;
      continue;
    }

    const word = matchAt(WORD, text, at);
    if (word) {
      const end = at + word.length;
      const value = word.replaceAll('’', "'").toLowerCase();
      pieces.push({
        type: 'word',
        value,
        raw: word,
        start,
        end,
        suspicious: suspicious(start, end),
      });
      at = end;
      continue;
    }

    const single = matchAt(ANY, text, at)!;
    at += single.length;
    pieces.push({ type: 'punct', char: single, start, end: at, suspicious: suspicious(start, at) });
  }
  return pieces;
}
