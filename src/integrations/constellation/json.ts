/**
 * JSON that keeps 64-bit integers exact. Constellation nodes write balances, amounts and ordinals
 * as bare JSON numbers that can exceed 2^53 (UP's supply is ~9.9e16 base units), and Node 20's
 * JSON.parse has no access to a number's source text. So before parsing we wrap every integer
 * literal that is not a safe integer in quotes (a small scanner that skips string contents);
 * schemas then accept an integer as a number or a digit string and turn it into a bigint.
 */

/** Quotes integer literals outside strings that would lose precision as a JS number. */
export function quoteUnsafeIntegers(text: string): string {
  const parts: string[] = [];
  let start = 0;
  let i = 0;
  while (i < text.length) {
    const ch = text.charCodeAt(i);
    if (ch === 34 /* " */) {
      i++;
      while (i < text.length && text.charCodeAt(i) !== 34) i += text.charCodeAt(i) === 92 ? 2 : 1;
      i++;
      continue;
    }
    if (ch === 45 /* - */ || (ch >= 48 && ch <= 57)) {
      let j = i + 1;
      while (j < text.length && /[0-9eE.+-]/.test(text[j] as string)) j++;
      const literal = text.slice(i, j);
      if (/^-?\d+$/.test(literal) && !Number.isSafeInteger(Number(literal))) {
        parts.push(text.slice(start, i), `"${literal}"`);
        start = j;
      }
      i = j;
      continue;
    }
    i++;
  }
  parts.push(text.slice(start));
  return parts.join('');
}

/** JSON.parse that never rounds an integer: unsafe integers come back as digit strings. */
export function parseJsonKeepingIntegers(text: string): unknown {
  return JSON.parse(quoteUnsafeIntegers(text));
}

const MARK = '\u0000bigint:';

/** JSON.stringify that writes bigints as bare integer literals (exact, any size). */
export function stringifyWithBigInts(value: unknown): string {
  const json = JSON.stringify(value, (_key, v) => (typeof v === 'bigint' ? `${MARK}${v}` : v));
  return json.replace(/"\\u0000bigint:(-?\d+)"/g, '$1');
}
