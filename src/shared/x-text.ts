/** X's limit on a post's weighted length (twitter-text). */
export const MAX_WEIGHTED_LENGTH = 280;

/**
 * twitter-text weighting: URLs count 23, code points outside Latin-ish ranges count 2. Shared so
 * the agent measures its replies exactly as the local X (and X) will.
 */
export function weightedLength(text: string): number {
  const withoutUrls = text.replace(/https?:\/\/\S+/g, '');
  const urls = text.match(/https?:\/\/\S+/g)?.length ?? 0;
  let weight = urls * 23;
  for (const ch of withoutUrls) {
    const cp = ch.codePointAt(0)!;
    const light =
      cp <= 4351 ||
      (cp >= 8192 && cp <= 8205) ||
      (cp >= 8208 && cp <= 8223) ||
      (cp >= 8242 && cp <= 8247);
    weight += light ? 1 : 2;
  }
  return weight;
}

/** Cuts `text` to at most `max` weighted characters, ending with '…' when cut. */
export function fitWeighted(text: string, max: number): string {
  if (weightedLength(text) <= max) return text;
  const chars = [...text];
  while (chars.length > 0 && weightedLength(`${chars.join('').trimEnd()}…`) > max) chars.pop();
  return `${chars.join('').trimEnd()}…`;
}
