/**
 * Near-duplicate text: the words of a post without @handles, $cashtags, links and punctuation,
 * compared as sets of word pairs (Jaccard). 0.8 or more is "the same post" for the rules.
 */
export function normalizeWords(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/[@$][a-z0-9_]+/g, ' ')
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .split(/\s+/)
    .filter(Boolean);
}

function shingles(words: string[]): Set<string> {
  if (words.length < 2) return new Set(words);
  const out = new Set<string>();
  for (let i = 0; i + 1 < words.length; i++) out.add(`${words[i]} ${words[i + 1]}`);
  return out;
}

export function similarity(a: string, b: string): number {
  const x = shingles(normalizeWords(a));
  const y = shingles(normalizeWords(b));
  if (x.size === 0 && y.size === 0) return 1;
  let shared = 0;
  for (const s of x) if (y.has(s)) shared++;
  return shared / (x.size + y.size - shared);
}

export const NEAR_DUPLICATE = 0.8;
