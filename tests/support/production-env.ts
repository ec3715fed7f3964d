import { randomBytes } from 'node:crypto';

/** The public settings production must set (they are never guessed outside sandbox mode). */
export const PRODUCTION_SITE_ENV = {
  BASE_UP_CONTRACT: '0x1111111111111111111111111111111111111111',
  X402_URL: 'https://x402.example',
  MARKET_DATA_URL: 'https://market.example/up',
} as const;

/**
 * A complete `NODE_ENV=production` environment that passes every settings check (decision 0036):
 * real-looking services at example hosts, nothing of the sandbox. Tests start from it and break
 * one thing at a time.
 */
export const REAL_PRODUCTION_ENV = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://upsider.example',
  X_CLIENT_ID: 'production-client-id',
  X_CLIENT_SECRET: 'production-client-secret',
  AGENT_HANDLE: 'UpsiderAgent',
  X402_URL: 'https://x402.example',
  MARKET_DATA_URL: 'https://market.example/up',
  MARKET_COIN_ID: 'up-token',
  CONSTELLATION_UP_L0_URL: 'https://up-l0.example',
  CONSTELLATION_UP_L1_URL: 'https://up-l1.example',
  CONSTELLATION_UP_METAGRAPH_ID: 'DAG7carh2hoYk4x5h6N92KcjBBpeqBiCpMF4DX29',
  BASE_RPC_URL: 'https://base-rpc.example',
  BASE_UP_CONTRACT: '0x4200000000000000000000000000000000000abc',
  BASE_START_BLOCK: '21000000',
  LOG_LEVEL: 'silent',
  // Production takes the wallet master key from outside the data folder (decision 0046). Made
  // per test run: a key written in the repository would be a published key.
  WALLET_MASTER_KEYS: `production:${randomBytes(32).toString('base64')}`,
} as const;
