/**
 * Post text normalization for the command parser.
 *
 * The grammar reads NFKC text (so "ｓｅｎｄ" reads as "send"), but money must never move on
 * characters that only *became* ASCII through normalization: NFKC turns "10¹" into "101",
 * "𝟗" into "9" and "＠bob" into "@bob". So every output character remembers whether it came
 * from a non-ASCII input character, or sits right after a stripped invisible character
 * ("1\u200B0", "@bob\u200Bby"). The parser rejects amounts, tokens and recipients that contain
 * such "tainted" characters.
 */

/** Zero-width, bidi-control and other invisible characters that are removed (and taint). */
const INVISIBLE = /[\u00AD\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF]/u;

/** X escapes exactly these three in post text. Decoding them exposes "> quote" lines. */
const X_ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>' };

export interface NormalizedText {
  text: string;
  /** One flag per UTF-16 unit of `text`: true when it did not come from plain ASCII input. */
  tainted: boolean[];
}

const PLAIN_ASCII = /^[\x20-\x7e\t\n\r]*$/;

const isAscii = (codePoint: number) => codePoint < 0x80;

/**
 * Normalizes in clusters: an ASCII character plus the non-ASCII characters after it (combining
 * marks, emoji, jamo) are normalized together, which gives the same text as NFKC of the whole
 * string while telling which output came from non-ASCII input. The ASCII lead keeps its own
 * (clean) flag unless normalization merged it with what follows ("e" + U+0301 → "é").
 */
export function normalizeWithTaint(input: string): NormalizedText {
  const source = input.replace(/&(?:amp|lt|gt);/g, (entity) => X_ENTITIES[entity] ?? entity);
  // Fast path for the common case: plain ASCII is its own NFKC and taints nothing.
  if (PLAIN_ASCII.test(source)) {
    return { text: source, tainted: new Array<boolean>(source.length).fill(false) };
  }
  let text = '';
  const tainted: boolean[] = [];
  let lead = '';
  let leadTainted = false;
  let rest = '';
  let pendingTaint = false;

  const emit = (chunk: string, flag: boolean) => {
    text += chunk;
    for (let i = 0; i < chunk.length; i++) tainted.push(flag);
  };
  const flush = () => {
    if (rest === '') {
      emit(lead, leadTainted);
      lead = '';
      return;
    }
    const restNormalized = rest.normalize('NFKC');
    const whole = (lead + rest).normalize('NFKC');
    if (whole === lead + restNormalized) {
      emit(lead, leadTainted);
      emit(restNormalized, true);
    } else {
      emit(whole, true);
    }
    lead = '';
    leadTainted = false;
    rest = '';
  };

  for (const char of source) {
    if (INVISIBLE.test(char)) {
      pendingTaint = true;
      continue;
    }
    if (isAscii(char.codePointAt(0)!)) {
      flush();
      lead = char;
      leadTainted = pendingTaint;
    } else {
      rest += char;
    }
    pendingTaint = false;
  }
  flush();
  return { text, tainted };
}

/** NFKC text without invisible characters, with X's HTML entities decoded. */
export function normalizePostText(text: string): string {
  return normalizeWithTaint(text).text;
}
