import { createHash } from 'node:crypto';
import { z } from 'zod';
import { evmAddress } from './config-fields.ts';

/** Environment of the prediction-market portfolio and the LLM client (mirrored in .env.example). */
export const portfolioEnvShape = {
  /** Polymarket APIs. Sandbox mode: the local twin under /sandbox/polymarket; else polymarket.com. */
  POLYMARKET_DATA_API_URL: z.url().optional(),
  POLYMARKET_CLOB_URL: z.url().optional(),
  POLYMARKET_GAMMA_URL: z.url().optional(),
  /** The bot's proxy wallet (its Polymarket profile address). No wallet: the page says so. */
  POLYMARKET_PROXY_WALLET: evmAddress.optional(),
  /** CLOB L2 credentials of the bot (signer address + API key, secret, passphrase) for open orders. */
  POLYMARKET_CLOB_ADDRESS: evmAddress.optional(),
  POLYMARKET_CLOB_API_KEY: z.string().min(1).optional(),
  POLYMARKET_CLOB_SECRET: z.string().min(1).optional(),
  POLYMARKET_CLOB_PASSPHRASE: z.string().min(1).optional(),
  /** Market pages on the exchange (the slug is appended). */
  POLYMARKET_MARKET_URL: z.url().default('https://polymarket.com/event/'),
  /** Background refresh of the book; each refresh costs a handful of requests (limits: 150/10 s). */
  POLYMARKET_REFRESH_INTERVAL_MS: z.coerce.number().int().min(5_000).default(30_000),
  /** SHA-256 (hex) of the key the bot sends to POST /api/polymarket/analyses. Unset: ingestion off. */
  POLYMARKET_ANALYSES_KEY_SHA256: z
    .string()
    .regex(/^[0-9a-f]{64}$/, 'must be 64 lowercase hex characters')
    .optional(),
  /** OpenAI-compatible chat completions. Sandbox mode: the local twin under /sandbox/llm/v1. */
  LLM_BASE_URL: z.url().optional(),
  LLM_API_KEY: z.string().min(1).optional(),
  LLM_MODEL: z.string().min(1).optional(),
  LLM_TIMEOUT_MS: z.coerce.number().int().min(1000).default(60_000),
  /** How many positions without an analysis the analyst job writes per book refresh (0: off). */
  PORTFOLIO_ANALYST_BATCH: z.coerce.number().int().min(0).max(50).default(3),
};

const portfolioEnvSchema = z.object(portfolioEnvShape);
type PortfolioEnv = z.output<typeof portfolioEnvSchema>;

/** The local twins' fixed identities: published at GET /sandbox, never used outside sandbox mode. */
export const SANDBOX_POLYMARKET = {
  proxyWallet: '0x5a11d0b07b07b07b07b07b07b07b07b07b0c0ffe',
  clob: {
    address: '0x5a11d0b07b07b07b07b07b07b07b07b07b0e0a01',
    key: '6b1f7c2e-5a11-4d0b-9e0f-5a11d0b07000',
    secret: 'c2FuZGJveC1jbG9iLXNlY3JldC1ub3QtYS1yZWFsLWtleSE=',
    passphrase: 'sandbox-passphrase',
  },
  /** The bot's key for POST /api/polymarket/analyses in sandbox mode (the demo posts with it). */
  analysesKey: 'sandbox-bot-analyses-key',
} as const;
export const SANDBOX_LLM = { apiKey: 'sandbox-llm-key', model: 'sandbox-analyst-1' } as const;

export function polymarketConfig(env: PortfolioEnv, sandbox: boolean, publicUrl: string) {
  const local = `${publicUrl}/sandbox/polymarket`;
  const creds = [
    env.POLYMARKET_CLOB_ADDRESS,
    env.POLYMARKET_CLOB_API_KEY,
    env.POLYMARKET_CLOB_SECRET,
    env.POLYMARKET_CLOB_PASSPHRASE,
  ] as const;
  const [address, key, secret, passphrase] = creds;
  const clob =
    address && key && secret && passphrase
      ? { address, key, secret, passphrase }
      : sandbox
        ? { ...SANDBOX_POLYMARKET.clob }
        : null;
  return {
    dataUrl:
      env.POLYMARKET_DATA_API_URL ??
      (sandbox ? `${local}/data` : 'https://data-api.polymarket.com'),
    clobUrl: env.POLYMARKET_CLOB_URL ?? (sandbox ? `${local}/clob` : 'https://clob.polymarket.com'),
    gammaUrl:
      env.POLYMARKET_GAMMA_URL ?? (sandbox ? `${local}/gamma` : 'https://gamma-api.polymarket.com'),
    proxyWallet: env.POLYMARKET_PROXY_WALLET ?? (sandbox ? SANDBOX_POLYMARKET.proxyWallet : null),
    clob,
    marketUrl: env.POLYMARKET_MARKET_URL,
    refreshIntervalMs: env.POLYMARKET_REFRESH_INTERVAL_MS,
    analysesKeySha256:
      env.POLYMARKET_ANALYSES_KEY_SHA256 ??
      (sandbox ? createHash('sha256').update(SANDBOX_POLYMARKET.analysesKey).digest('hex') : null),
    analystBatch: env.PORTFOLIO_ANALYST_BATCH,
  };
}

/** The LLM endpoint, or null when none is configured (the analyst job then stays off). */
export function llmConfig(env: PortfolioEnv, sandbox: boolean, publicUrl: string) {
  const timeoutMs = env.LLM_TIMEOUT_MS;
  if (env.LLM_BASE_URL && env.LLM_API_KEY) {
    return {
      baseUrl: env.LLM_BASE_URL,
      apiKey: env.LLM_API_KEY,
      model: env.LLM_MODEL ?? 'gpt-4o-mini',
      timeoutMs,
    };
  }
  if (sandbox) {
    return {
      baseUrl: env.LLM_BASE_URL ?? `${publicUrl}/sandbox/llm/v1`,
      apiKey: env.LLM_API_KEY ?? SANDBOX_LLM.apiKey,
      model: env.LLM_MODEL ?? SANDBOX_LLM.model,
      timeoutMs,
    };
  }
  return null;
}
