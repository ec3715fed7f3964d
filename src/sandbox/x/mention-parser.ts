/** A @handle in a post's text. `start`/`end` count Unicode code points, as X's entities do. */
export interface MentionToken {
  start: number;
  end: number;
  username: string;
}

const HANDLE_CHAR = /[A-Za-z0-9_]/;

/**
 * Finds @handle tokens the way X links them: `@` not preceded by a handle character or another
 * `@`, then 1–15 handle characters not followed by more (a 16-character run is no mention).
 */
export function parseMentions(text: string): MentionToken[] {
  const chars = Array.from(text);
  const found: MentionToken[] = [];
  for (let i = 0; i < chars.length; i++) {
    if (chars[i] !== '@' && chars[i] !== '＠') continue;
    const before = chars[i - 1];
    if (before !== undefined && (HANDLE_CHAR.test(before) || before === '@' || before === '＠')) {
      continue;
    }
    let j = i + 1;
    while (j < chars.length && HANDLE_CHAR.test(chars[j]!)) j++;
    const length = j - i - 1;
    const after = chars[j];
    if (length < 1 || length > 15 || after === '@' || after === '＠') {
      i = j - 1;
      continue;
    }
    found.push({ start: i, end: j, username: chars.slice(i + 1, j).join('') });
    i = j - 1;
  }
  return found;
}
