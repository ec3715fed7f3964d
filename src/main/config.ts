import path from 'node:path';
import { z } from 'zod';
import { isValidDagAddress } from '../shared/dag-address.ts';
import type { PublicConfig } from '../shared/public-config.ts';
import { llmConfig, polymarketConfig, portfolioEnvShape } from './config-portfolio.ts';
import { premiumConfig, premiumEnvShape } from './premium-config.ts';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const dagAddress = z.string().refine(isValidDagAddress, 'must be a valid DAG address');
const evmAddress = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed 20-byte address');

/** Every environment variable the server reads, with its default. Mirrored in .env.example. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  /** Public origin of the site, used for redirects and the Origin check. Defaults to http://HOST:PORT. */
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  /** PostgreSQL server. Without it the embedded PGlite database in DATA_DIR is used. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Local simulators of outside services. On unless real X credentials are configured. */
  SANDBOX: bool.optional(),
  /** First-start demo (sandbox only): sandbox users use the product so no page opens empty. */
  SANDBOX_DEMO: bool.default(true),
  X_CLIENT_ID: z.string().min(1).optional(),
  X_CLIENT_SECRET: z.string().min(1).optional(),
  /** X OAuth 2.0 and API endpoints; in sandbox mode they default to the local X under /sandbox/x. */
  X_AUTHORIZE_URL: z.url().optional(),
  X_TOKEN_URL: z.url().optional(),
  X_REVOKE_URL: z.url().optional(),
  X_API_URL: z.url().optional(),
  /**
   * X pushes the agent's mentions here (X Activity API webhook; the public URL of
   * /api/x/webhook). With X_CONSUMER_SECRET and X_APP_BEARER_TOKEN; sandbox mode defaults to the
   * local X. 'off': polling only.
   */
  X_WEBHOOK_URL: z.union([z.literal('off'), z.url()]).optional(),
  /** The X app's consumer secret (API Key Secret): X signs webhook CRC answers and deliveries with it. */
  X_CONSUMER_SECRET: z.string().min(1).optional(),
  /** The X app's app-only bearer token: registers the webhook. */
  X_APP_BEARER_TOKEN: z.string().min(1).optional(),
  /** Days of inactivity after which a sign-in session ends (sliding). */
  SESSION_IDLE_DAYS: z.coerce.number().positive().max(365).default(14),
  /** Request limits (429 + Retry-After) per minute; sized far above real use (issue 9). */
  RATE_LIMIT_SIGN_IN_PER_MINUTE: z.coerce.number().int().positive().default(20),
  RATE_LIMIT_PAGE_VIEWS_PER_MINUTE: z.coerce.number().int().positive().default(120),
  RATE_LIMIT_CONSOLE_PER_MINUTE: z.coerce.number().int().positive().default(30),
  RATE_LIMIT_EXTERNAL_PER_MINUTE: z.coerce.number().int().positive().default(300),
  RATE_LIMIT_BAD_KEYS_PER_MINUTE: z.coerce.number().int().positive().default(10),
  /** Behind a reverse proxy that sets X-Forwarded-For: limit by its first address. */
  TRUST_PROXY: bool.default(false),
  /** Days after sign-in when a session ends however much it is used: then sign in with X again. */
  SESSION_MAX_DAYS: z.coerce.number().positive().max(365).default(30),
  /** Keys for stored X tokens, "id:base64(32 bytes),..." (first = current). Default: generated into DATA_DIR. */
  X_TOKEN_ENC_KEYS: z.string().min(1).optional(),
  X_TOKEN_MAC_KEYS: z.string().min(1).optional(),
  PRODUCT_NAME: z.string().min(1).default('Upsider'),
  AGENT_HANDLE: z
    .string()
    .regex(/^[A-Za-z0-9_]{1,15}$/, 'must be an X handle without @')
    .default('UpsiderAgent'),
  /** Older name of BASE_UP_CONTRACT (the UP ERC-20 on Base), still read when that is unset. */
  BASE_CONTRACT_ADDRESS: evmAddress.optional(),
  X_WEB_URL: z.url().optional(),
  /** Avatar image by username, `{username}` replaced. Default: unavatar.io, or the local X. */
  AVATAR_URL_TEMPLATE: z
    .string()
    .regex(/^https?:\/\/\S*\{username\}/, 'an http(s) URL containing {username}')
    .optional(),
  /** The x402 features site (navigation). Required outside sandbox mode. */
  X402_URL: z.url().optional(),
  /** UP's market page (landing). Required outside sandbox mode. */
  MARKET_DATA_URL: z.url().optional(),
  METAGRAPH_EXPLORER_URL: z.url().default('https://mainnet.dagexplorer.io/metagraphs'),
  /** Explorer page of an address (the address is appended). Sandbox mode: the local explorer pages. */
  DAG_EXPLORER_ADDRESS_URL: z.url().optional(),
  /** Base explorer page of an address (appended). Sandbox mode: the local Base address page. */
  BASE_EXPLORER_ADDRESS_URL: z.url().optional(),
  PLAUSIBLE_URL: z.url().optional(),
  PLAUSIBLE_DOMAIN: z.string().min(1).optional(),
  /** Master keys for wallet private keys, "keyId:base64(32 bytes),..." (first = current). Default: generated into DATA_DIR/master.key. */
  WALLET_MASTER_KEYS: z.string().min(1).optional(),
  /** Known addresses shown (not in circulation) with labels. In sandbox mode they default to local addresses. */
  LIQUIDITY_POOL_ADDRESS: dagAddress.optional(),
  LIQUIDITY_POOL_LABEL: z.string().min(1).default('Liquidity pool'),
  BRIDGE_COLLATERAL_ADDRESS: dagAddress.optional(),
  BRIDGE_COLLATERAL_LABEL: z.string().min(1).default('Bridge collateral'),
  BURN_ADDRESS: dagAddress.optional(),
  BURN_LABEL: z.string().min(1).default('Burn wallet'),
  /** How often submitted transfers are checked against the block explorer. */
  TRANSFER_CONFIRM_INTERVAL_MS: z.coerce.number().int().min(100).default(2000),
  /** Constellation nodes. Sandbox mode: the local network under /sandbox/constellation; else mainnet DAG. */
  CONSTELLATION_DAG_L0_URL: z.url().optional(),
  CONSTELLATION_DAG_L1_URL: z.url().optional(),
  CONSTELLATION_BLOCK_EXPLORER_URL: z.url().optional(),
  /** A metagraph is configured when its three variables are set (none are public for UP yet). */
  CONSTELLATION_UP_L0_URL: z.url().optional(),
  CONSTELLATION_UP_L1_URL: z.url().optional(),
  CONSTELLATION_UP_METAGRAPH_ID: dagAddress.optional(),
  CONSTELLATION_DOR_L0_URL: z.url().optional(),
  CONSTELLATION_DOR_L1_URL: z.url().optional(),
  CONSTELLATION_DOR_METAGRAPH_ID: dagAddress.optional(),
  /** How often the holders indexer asks the UP currency L0 whether a new snapshot exists. */
  CONSTELLATION_HOLDERS_POLL_MS: z.coerce.number().int().min(100).default(5000),
  /** Main wallet (the treasury) whose live balance the overview reads from the block explorer. Sandbox: the local treasury. */
  MAIN_WALLET_ADDRESS: dagAddress.optional(),
  /** Base JSON-RPC endpoint. Sandbox mode: a local anvil node started with the server. */
  BASE_RPC_URL: z.url().optional(),
  /** The UP ERC-20 on Base and the block it was deployed in (the indexer starts there). */
  BASE_UP_CONTRACT: evmAddress.optional(),
  BASE_START_BLOCK: z.coerce.bigint().min(0n).optional(),
  /** Blocks behind head the Base indexer re-reads on every pass (reorg window). */
  BASE_REORG_WINDOW_BLOCKS: z.coerce.number().int().min(0).max(10_000).default(12),
  /** First eth_getLogs range in blocks; halved on a provider's range error, grown after successes. */
  BASE_LOG_CHUNK_BLOCKS: z.coerce.number().int().min(1).max(1_000_000).default(2000),
  BASE_POLL_MS: z.coerce.number().int().min(100).default(4000),
  /** Known Base holders: the Constellation Base bridge (comma-separated) and the liquidity pool. */
  BASE_BRIDGE_ADDRESSES: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean),
    )
    .pipe(z.array(evmAddress))
    .optional(),
  BASE_LIQUIDITY_POOL_ADDRESS: evmAddress.optional(),
  /** Snapshot interval of the local Constellation network (sandbox only). */
  SANDBOX_SNAPSHOT_INTERVAL_MS: z.coerce.number().int().min(0).default(2000),
  ...portfolioEnvShape,
  ...premiumEnvShape,
  /** Digital Evidence API (integrations.md §6). Sandbox mode: the local twin under /sandbox/evidence. */
  DIGITAL_EVIDENCE_URL: z.url().optional(),
  DIGITAL_EVIDENCE_API_KEY: z.string().min(1).optional(),
  DIGITAL_EVIDENCE_ORG_ID: z.uuid().optional(),
  DIGITAL_EVIDENCE_TENANT_ID: z.uuid().optional(),
  /** secp256k1 private key (64 hex) that signs fingerprint submissions. Keep it secret. */
  DIGITAL_EVIDENCE_SIGNING_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters')
    .optional(),
  /** Public key (128 hex, no 04 prefix) that signs the API's batch roots; the verify panel checks it. */
  DIGITAL_EVIDENCE_BATCH_PUBLIC_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{128}$/, 'must be 128 hex characters')
    .optional(),
  /** How often the local Digital Evidence API batches fingerprints (sandbox only). */
  SANDBOX_EVIDENCE_BATCH_INTERVAL_MS: z.coerce.number().int().min(0).default(3000),
});

export type Env = z.infer<typeof envSchema>;

export class ConfigError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid configuration:\n${issues.map((i) => `  - ${i}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Where the token lives and what the site links to. Production values are never guessed: outside
 * sandbox mode each must be set (start-up names what is missing); in sandbox mode they are the
 * local chain's contract and the sandbox's own pages (issue 10).
 */
function publicSiteSettings(env: Env, sandbox: boolean, publicUrl: string) {
  const contract = env.BASE_UP_CONTRACT ?? env.BASE_CONTRACT_ADDRESS;
  if (sandbox) {
    return {
      baseContractAddress: contract ?? SANDBOX_BASE_UP_CONTRACT,
      // The x402 protocol's public site: there is no product x402 site to show in the sandbox.
      x402Url: env.X402_URL ?? 'https://www.x402.org',
      marketDataUrl: env.MARKET_DATA_URL ?? `${publicUrl}/sandbox/market`,
    };
  }
  const missing = [
    contract ? null : 'BASE_UP_CONTRACT: required outside sandbox mode (the UP ERC-20 on Base)',
    env.X402_URL ? null : 'X402_URL: required outside sandbox mode (the x402 features site)',
    env.MARKET_DATA_URL
      ? null
      : "MARKET_DATA_URL: required outside sandbox mode (UP's market page)",
  ].filter((m): m is string => m !== null);
  if (missing.length > 0) throw new ConfigError(missing);
  return {
    baseContractAddress: contract!,
    x402Url: env.X402_URL!,
    marketDataUrl: env.MARKET_DATA_URL!,
  };
}

/**
 * The UpToken the sandbox deploys on its local anvil: the first contract of anvil's first dev
 * account (nonce 0), so it is the same on every start (a test checks it against the deployer).
 */
export const SANDBOX_BASE_UP_CONTRACT = '0x5FbDB2315678afecb367f032d93F642f64180aa3';

export function loadConfig(source: NodeJS.ProcessEnv = process.env) {
  // Empty strings in env files mean "not set".
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  const env = parsed.data;
  const sandbox = env.SANDBOX ?? !(env.X_CLIENT_ID && env.X_CLIENT_SECRET);
  const publicUrl = (env.PUBLIC_URL ?? `http://${env.HOST}:${env.PORT}`).replace(/\/$/, '');
  const dataDir = path.resolve(env.DATA_DIR);
  const xWebUrl = env.X_WEB_URL ?? (sandbox ? `${publicUrl}/sandbox/x` : 'https://x.com');

  const site = publicSiteSettings(env, sandbox, publicUrl);
  const publicConfig: PublicConfig = {
    productName: env.PRODUCT_NAME,
    agentHandle: env.AGENT_HANDLE,
    ...site,
    xWebUrl,
    avatarUrlTemplate:
      env.AVATAR_URL_TEMPLATE ??
      (sandbox
        ? `${publicUrl}/sandbox/x/avatars/{username}.svg`
        : 'https://unavatar.io/x/{username}?fallback=false'),
    metagraphExplorerUrl: env.METAGRAPH_EXPLORER_URL,
    dagExplorerAddressUrl:
      env.DAG_EXPLORER_ADDRESS_URL ??
      (sandbox
        ? `${publicUrl}/sandbox/constellation/explorer/address/`
        : 'https://mainnet.dagexplorer.io/address/'),
    baseExplorerAddressUrl:
      env.BASE_EXPLORER_ADDRESS_URL ??
      (sandbox ? `${publicUrl}/sandbox/base/address/` : 'https://basescan.org/address/'),
    mainWalletBalanceUrl: null,
    sandboxIndexUrl: sandbox ? '/sandbox' : null,
  };

  const constellation = constellationConfig(env, sandbox, publicUrl);
  const holders = holdersConfig(env, sandbox);
  if (holders.mainWalletAddress && constellation.UP) {
    const be = constellation.blockExplorerUrl.replace(/\/+$/, '');
    publicConfig.mainWalletBalanceUrl = `${be}/currency/${constellation.UP.metagraphId}/addresses/${holders.mainWalletAddress}/balance`;
  }

  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    publicUrl,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    logLevel: env.LOG_LEVEL,
    sandbox,
    sandboxDemo: sandbox && env.SANDBOX_DEMO,
    plausible:
      env.PLAUSIBLE_URL && env.PLAUSIBLE_DOMAIN
        ? { url: env.PLAUSIBLE_URL, domain: env.PLAUSIBLE_DOMAIN }
        : null,
    publicConfig,
    x: xConfig(env, sandbox, publicUrl),
    sessionIdleDays: env.SESSION_IDLE_DAYS,
    sessionMaxDays: env.SESSION_MAX_DAYS,
    rateLimits: {
      signInPerMinute: env.RATE_LIMIT_SIGN_IN_PER_MINUTE,
      pageViewsPerMinute: env.RATE_LIMIT_PAGE_VIEWS_PER_MINUTE,
      consolePerMinute: env.RATE_LIMIT_CONSOLE_PER_MINUTE,
      externalPerMinute: env.RATE_LIMIT_EXTERNAL_PER_MINUTE,
      badKeysPerMinute: env.RATE_LIMIT_BAD_KEYS_PER_MINUTE,
      trustProxy: env.TRUST_PROXY,
    },
    tokenKeys: { enc: env.X_TOKEN_ENC_KEYS, mac: env.X_TOKEN_MAC_KEYS },
    wallets: walletsConfig(env, dataDir),
    constellation,
    holders,
    polymarket: polymarketConfig(env, sandbox, publicUrl),
    llm: llmConfig(env, sandbox, publicUrl),
    ...premiumConfig(env, sandbox, publicUrl),
    evidence: evidenceConfig(env, sandbox, publicUrl),
  };
}

/** The local Digital Evidence API's fixed credentials (src/sandbox/evidence/keys.ts; a test keeps them equal). */
export const SANDBOX_EVIDENCE_DEFAULTS = {
  apiKey: 'sandbox-evidence-api-key',
  orgId: '00000000-0000-4000-8000-00000000e0a1',
  tenantId: '00000000-0000-4000-8000-00000000e0a2',
  // sha256("upsider-sandbox:evidence-submission-signer"): the product's signing key in sandbox mode only.
  signingKey: '3fdca88b2ec6bb9f460fd0b3564b804fcd80ca67ba949b02c3804c484408e4c3',
  batchPublicKey:
    'c9ae53d4759d01ef1649faf844b78821559994e6b99b4e8e9ece11fb94e9760862bdb469ca218061bb512e010e7b8122881a06e7770d954495c1f73aeda7f77b',
} as const;

/** Digital Evidence: configured when key, org, tenant and signing key are all known. */
function evidenceConfig(env: Env, sandbox: boolean, publicUrl: string) {
  const d = sandbox ? SANDBOX_EVIDENCE_DEFAULTS : undefined;
  const apiKey = env.DIGITAL_EVIDENCE_API_KEY ?? d?.apiKey;
  const orgId = env.DIGITAL_EVIDENCE_ORG_ID ?? d?.orgId;
  const tenantId = env.DIGITAL_EVIDENCE_TENANT_ID ?? d?.tenantId;
  const signingKey = env.DIGITAL_EVIDENCE_SIGNING_KEY ?? d?.signingKey;
  return {
    url: (
      env.DIGITAL_EVIDENCE_URL ??
      (sandbox ? `${publicUrl}/sandbox/evidence` : 'https://de-api.constellationnetwork.io')
    ).replace(/\/$/, ''),
    enabled: Boolean(apiKey && orgId && tenantId && signingKey),
    apiKey,
    orgId: orgId ?? '',
    tenantId: tenantId ?? '',
    /** Behind a function, so logging the config never prints it. */
    readSigningKey: () => signingKey,
    batchPublicKey: env.DIGITAL_EVIDENCE_BATCH_PUBLIC_KEY ?? d?.batchPublicKey ?? null,
    batchIntervalMs: env.SANDBOX_EVIDENCE_BATCH_INTERVAL_MS,
  };
}

/** The sandbox genesis's metagraph ids (src/sandbox/constellation/genesis.json; a test keeps them equal). */
export const SANDBOX_METAGRAPH_IDS = {
  UP: 'DAG5EL229iWzZBjHN5WBHyBt9BzJ9kZ8h6ccjHDp',
  DOR: 'DAG5eACnM5xBuixN5Uo4hVRD6QaiUPsx2jKyp3D7',
} as const;

/** Node and block-explorer URLs for the Constellation client (integrations.md §3.3). */
function constellationConfig(env: Env, sandbox: boolean, publicUrl: string) {
  const local = `${publicUrl}/sandbox/constellation`;
  const metagraph = (token: 'UP' | 'DOR') => {
    const set = {
      l0Url: env[`CONSTELLATION_${token}_L0_URL`],
      l1Url: env[`CONSTELLATION_${token}_L1_URL`],
      metagraphId: env[`CONSTELLATION_${token}_METAGRAPH_ID`],
    };
    const lower = token.toLowerCase();
    if (sandbox) {
      return {
        l0Url: set.l0Url ?? `${local}/${lower}-l0`,
        l1Url: set.l1Url ?? `${local}/${lower}-l1`,
        metagraphId: set.metagraphId ?? SANDBOX_METAGRAPH_IDS[token],
      };
    }
    if (set.l0Url && set.l1Url && set.metagraphId)
      return { ...set } as Record<keyof typeof set, string>;
    if (set.l0Url || set.l1Url || set.metagraphId) {
      throw new ConfigError([
        `CONSTELLATION_${token}_L0_URL, _L1_URL and _METAGRAPH_ID go together`,
      ]);
    }
    return null;
  };
  return {
    dag: {
      l0Url:
        env.CONSTELLATION_DAG_L0_URL ??
        (sandbox ? `${local}/dag-l0` : 'https://l0-lb-mainnet.constellationnetwork.io'),
      l1Url:
        env.CONSTELLATION_DAG_L1_URL ??
        (sandbox ? `${local}/dag-l1` : 'https://l1-lb-mainnet.constellationnetwork.io'),
    },
    UP: metagraph('UP'),
    DOR: metagraph('DOR'),
    blockExplorerUrl:
      env.CONSTELLATION_BLOCK_EXPLORER_URL ??
      (sandbox ? `${local}/be` : 'https://be-mainnet.constellationnetwork.io'),
    snapshotIntervalMs: env.SANDBOX_SNAPSHOT_INTERVAL_MS,
  };
}

/** The sandbox genesis's treasury (src/sandbox/constellation/genesis.json; a test keeps them equal). */
export const SANDBOX_TREASURY_ADDRESS = 'DAG0UUaqJafbfPW8teuMtjiUgnuDfoipJFyQx1fN';

/** Holder rankings: Constellation polling, the main wallet, the Base chain and its indexer. */
function holdersConfig(env: Env, sandbox: boolean) {
  return {
    constellationPollMs: env.CONSTELLATION_HOLDERS_POLL_MS,
    mainWalletAddress: env.MAIN_WALLET_ADDRESS ?? (sandbox ? SANDBOX_TREASURY_ADDRESS : null),
    base: {
      /** Sandbox mode without BASE_RPC_URL: the server starts anvil and fills these in. */
      rpcUrl: env.BASE_RPC_URL ?? null,
      contract: env.BASE_UP_CONTRACT ?? env.BASE_CONTRACT_ADDRESS ?? null,
      startBlock: env.BASE_START_BLOCK ?? 0n,
      reorgWindowBlocks: env.BASE_REORG_WINDOW_BLOCKS,
      chunkBlocks: env.BASE_LOG_CHUNK_BLOCKS,
      pollMs: env.BASE_POLL_MS,
      bridgeAddresses: env.BASE_BRIDGE_ADDRESSES ?? [],
      liquidityPoolAddress: env.BASE_LIQUIDITY_POOL_ADDRESS ?? null,
    },
  };
}

/** Custodial wallets: master keys (behind a function, so logging the config never prints them). */
function walletsConfig(env: Env, dataDir: string) {
  const masterKeys = env.WALLET_MASTER_KEYS;
  return {
    readMasterKeys: () => masterKeys,
    masterKeyFile: path.join(dataDir, 'master.key'),
    knownAddresses: {
      liquidityPool: { address: env.LIQUIDITY_POOL_ADDRESS, label: env.LIQUIDITY_POOL_LABEL },
      bridgeCollateral: {
        address: env.BRIDGE_COLLATERAL_ADDRESS,
        label: env.BRIDGE_COLLATERAL_LABEL,
      },
      burn: { address: env.BURN_ADDRESS, label: env.BURN_LABEL },
    },
    confirmIntervalMs: env.TRANSFER_CONFIRM_INTERVAL_MS,
  };
}

/** Where the product talks OAuth and API to X: the real X, or the local X in sandbox mode. */
function xConfig(env: Env, sandbox: boolean, publicUrl: string) {
  const authBase = sandbox ? `${publicUrl}/sandbox/x` : 'https://x.com';
  const apiBase = sandbox ? `${publicUrl}/sandbox/x` : 'https://api.x.com';
  return {
    clientId: env.X_CLIENT_ID,
    clientSecret: env.X_CLIENT_SECRET,
    authorizeUrl: env.X_AUTHORIZE_URL ?? `${authBase}/i/oauth2/authorize`,
    tokenUrl: env.X_TOKEN_URL ?? `${apiBase}/2/oauth2/token`,
    revokeUrl: env.X_REVOKE_URL ?? `${apiBase}/2/oauth2/revoke`,
    apiUrl: (env.X_API_URL ?? apiBase).replace(/\/$/, ''),
    redirectUri: `${publicUrl}/api/auth/twitter/callback`,
    push: mentionPushConfig(env, sandbox),
  };
}

/** Settings for X's mention push; 'local-x': sandbox mode fills them from the local X. */
function mentionPushConfig(env: Env, sandbox: boolean) {
  if (env.X_WEBHOOK_URL === 'off') return null;
  if (env.X_WEBHOOK_URL && env.X_CONSUMER_SECRET && env.X_APP_BEARER_TOKEN) {
    return {
      webhookUrl: env.X_WEBHOOK_URL,
      consumerSecret: env.X_CONSUMER_SECRET,
      appBearerToken: env.X_APP_BEARER_TOKEN,
    };
  }
  return sandbox ? ('local-x' as const) : null;
}

export type Config = ReturnType<typeof loadConfig>;

/** For process entry points: print each bad field and exit instead of throwing a stack. */
export function loadConfigOrExit(source: NodeJS.ProcessEnv = process.env): Config {
  try {
    return loadConfig(source);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

export { envSchema as serverEnvSchema };
