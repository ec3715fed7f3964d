/**
 * The signed-in wallet balances' query key, apart from their request: /premium invalidates it
 * after a purchase without loading the signed-in contracts (classic zod), which no public page may
 * load (tests/e2e/page-speed.spec.ts).
 */
export const WALLET_BALANCES_URL = '/api/auth/wallet-balances';
export const WALLET_BALANCES_QUERY_KEY = [WALLET_BALANCES_URL] as const;
