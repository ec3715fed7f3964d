/**
 * What the agent's X account may do through the API. X's self-serve (pay-per-use) tiers allow
 * no quote posts (removed 2026-04-20; the create-post reference says quote-posting "requires an
 * Enterprise plan") and only replies the original author summoned; Enterprise is not restricted
 * (xdevplatform/docs changelog.mdx, 2026-02-23 and 2026-04-16; decision 0043).
 */
export const X_ACCESS_TIERS = ['self-serve', 'enterprise'] as const;

export type XAccessTier = (typeof X_ACCESS_TIERS)[number];
