/**
 * How the local LLM answers the product's post-quality rubric (schema `post_quality_rubric`):
 * a fixed, explainable reading of the post text — varied words and length for originality,
 * numbers and reasoning words for substance, hype, links and text addressed to the rater for
 * spam. Like a careful model, it treats the post as data: a request inside it only adds to spam.
 */
const HYPE = /\b(moon|lfg|wagmi|pump|100x|1000x|gem|ape|shill|giveaway|airdrop)\b/g;
const AT_RATER =
  /\b(ignore|instructions?|score|rate|rating|reward|pay|send|system|prompt|assistant)\b|10\/10/g;
/** Words only text aimed at the model uses: one is enough to call the post bait. */
const STRONG = /\b(ignore|instructions?|system|prompt|assistant|rater)\b|10\/10/;
const REASONING = /\b(because|since|so|which|means|therefore|while|compared|than)\b/g;

const clamp = (n: number) => Math.max(0, Math.min(10, Math.round(n)));
const count = (text: string, re: RegExp) => (text.match(re) ?? []).length;

export function ratePost(text: string) {
  const lower = text.toLowerCase();
  const words = lower
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/[@$][a-z0-9_]+/g, ' ')
    .replace(/[^\p{L}\p{N}/\s]/gu, ' ')
    .split(/\s+/)
    .filter(Boolean);
  const distinct = new Set(words).size / Math.max(1, words.length);
  const hype = count(lower, HYPE);
  const atRater = count(lower, AT_RATER);
  const links = count(lower, /https?:\/\//g);
  const originality = clamp(10 * distinct * Math.min(1, words.length / 14) - 2 * hype);
  const substance = clamp(
    words.length / 4 + (/\d/.test(lower) ? 2 : 0) + count(lower, REASONING) - hype,
  );
  const spam = clamp(
    (STRONG.test(lower) ? 8 : 0) +
      3 * atRater +
      2 * hype +
      (links && words.length < 8 ? 4 : 0) +
      (distinct < 0.5 ? 3 : 0),
  );
  const reason =
    atRater > 0
      ? 'The post addresses the rater; that is bait, not content.'
      : spam >= 5
        ? 'Mostly hype or links.'
        : `${words.length} words, ${Math.round(distinct * 100)}% distinct.`;
  return { originality, substance, spam, reason };
}

/** The post text the product sends as JSON data in the user message, if it is a rating. */
export function postTextOf(userMessage: string): string | null {
  try {
    const data = JSON.parse(userMessage) as { task?: unknown; post_text?: unknown };
    return data.task === 'rate_post' && typeof data.post_text === 'string' ? data.post_text : null;
  } catch {
    return null;
  }
}
