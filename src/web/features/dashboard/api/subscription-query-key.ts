/**
 * The signed-in subscription's query key, apart from its request: /premium invalidates it after a
 * purchase without loading the signed-in contracts (classic zod), which no public page may load
 * (tests/e2e/page-speed.spec.ts).
 */
export const SUBSCRIPTION_URL = '/api/auth/subscription';
export const SUBSCRIPTION_QUERY_KEY = [SUBSCRIPTION_URL] as const;
