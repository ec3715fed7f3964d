import twitterText from 'twitter-text';

/** X's limit on a post's weighted length (twitter-text). */
export const MAX_WEIGHTED_LENGTH = 280;

/**
 * A post's length as X counts it, by X's own twitter-text library: every URL it recognises,
 * bare domains included (`upsider.app` counts 23), weighs 23, and code points outside the
 * Latin-ish ranges weigh 2. Shared so the agent measures its replies exactly as X (and the
 * local X) will.
 */
export function weightedLength(text: string): number {
  return twitterText.parseTweet(text).weightedLength;
}

/**
 * Cuts `text` to at most `max` weighted characters, ending with '…' when cut. A binary search
 * over code points: a handful of measures even for a very long text. Every answer returned is
 * measured, so it fits even where a cut changes what counts as a URL.
 */
export function fitWeighted(text: string, max: number): string {
  if (weightedLength(text) <= max) return text;
  const chars = [...text];
  const cut = (n: number) => `${chars.slice(0, n).join('').trimEnd()}…`;
  let fits = 0;
  let tooLong = chars.length;
  while (tooLong - fits > 1) {
    const mid = Math.floor((fits + tooLong) / 2);
    if (weightedLength(cut(mid)) <= max) fits = mid;
    else tooLong = mid;
  }
  return cut(fits);
}
