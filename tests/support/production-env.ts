/** The public settings production must set (they are never guessed outside sandbox mode). */
export const PRODUCTION_SITE_ENV = {
  BASE_UP_CONTRACT: '0x1111111111111111111111111111111111111111',
  X402_URL: 'https://x402.example',
  MARKET_DATA_URL: 'https://market.example/up',
} as const;
