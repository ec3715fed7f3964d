/**
 * X's published pay-per-use prices, the one table the product meters by and the local X bills
 * by. Amounts are exact micro-dollars (1 USD = 1,000,000).
 *
 * Source: xdevplatform/docs @ 287132819074964da9c1c410ba02df5a06c932d3,
 * `x-api/getting-started/pricing.mdx` ("Read operations", "Write operations", "Owned Reads",
 * "Webhook events", "Deduplication") and `changelog.mdx` 2026-04-16 ("`POST /2/tweets` is now
 * $0.015 per post, and Posts containing a URL are $0.20 per Post (summoned replies remain
 * $0.01)"). Whether a summoned reply that carries a URL is $0.01 or $0.20 is not written down:
 * both the product and the local X take the higher price (decision 0044).
 */
export const X_PRICES_MICRO_USD = {
  /** Post: Create, per request. */
  postCreate: 15_000n,
  /** Post: Create (with URL), per request. */
  postCreateWithUrl: 200_000n,
  /** Post: Create (summoned): a reply to a post whose author summoned the account. */
  postCreateSummoned: 10_000n,
  /** Posts: Read, per post returned (deduplicated per UTC day). */
  postRead: 5_000n,
  /** User: Read, per user returned (deduplicated per UTC day). */
  userRead: 10_000n,
  /** Owned Reads (e.g. GET /2/users/{id}/mentions of the app owner), per resource. */
  ownedRead: 1_000n,
  /** A delivered X Activity API post event (post.mention.create …) is billed as a Post. */
  postEvent: 5_000n,
} as const;

export type XPricedOperation = keyof typeof X_PRICES_MICRO_USD;

export const X_PRICES_SOURCE =
  'xdevplatform/docs@2871328 x-api/getting-started/pricing.mdx; changelog.mdx 2026-04-16';

/** X counts a post as "containing a URL" when its text has a link (t.co wraps every one). */
const URL_IN_TEXT = /\bhttps?:\/\/\S/i;

export function hasUrl(text: string): boolean {
  return URL_IN_TEXT.test(text);
}

/** What one POST /2/tweets costs: a URL's price wins over the summoned reply's (see above). */
export function postCreateOperation(p: { text: string; summonedReply: boolean }): XPricedOperation {
  if (hasUrl(p.text)) return 'postCreateWithUrl';
  return p.summonedReply ? 'postCreateSummoned' : 'postCreate';
}

export function priceOf(op: XPricedOperation, count = 1): bigint {
  return X_PRICES_MICRO_USD[op] * BigInt(count);
}

/** Micro-dollars as a USD string with up to 6 decimals (exact; no float). */
export function formatMicroUsd(micro: bigint): string {
  const sign = micro < 0n ? '-' : '';
  const abs = micro < 0n ? -micro : micro;
  const whole = abs / 1_000_000n;
  const frac = (abs % 1_000_000n).toString().padStart(6, '0').replace(/0+$/, '');
  return `${sign}$${whole}.${frac.padEnd(2, '0')}`;
}
