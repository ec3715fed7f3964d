import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_HOST, DEFAULT_PORT, serverAddress } from '@/shared/server-address.ts';
import { issueLines, settingMistakes } from './config-checks.ts';
import { constellationConfig, constellationEnvShape } from './config-constellation.ts';
import { evidenceConfig, evidenceEnvShape } from './config-evidence.ts';
import { bool, ConfigError } from './config-fields.ts';
import { holdersConfig, holdersEnvShape } from './config-holders.ts';
import { hotWalletsConfig, hotWalletsEnvShape } from './config-hot-wallets.ts';
import { metricsConfig, metricsEnvShape } from './config-metrics.ts';
import { llmConfig, polymarketConfig, portfolioEnvShape } from './config-portfolio.ts';
import { premiumConfig, premiumEnvShape } from './config-premium.ts';
import { publicSiteConfig, publicSiteEnvShape } from './config-public-site.ts';
import { videoConfig, videoEnvShape } from './config-video.ts';
import { walletsConfig, walletsEnvShape } from './config-wallets.ts';
import { xConfig, xEnvShape, xTokenKeys } from './config-x.ts';
import { productionConfigRefusals } from './production/config-refusals.ts';
import { formatRefusal } from './production/refusal.ts';
import { walletKeyRefusals } from './production/wallet-key-refusals.ts';

export { ConfigError } from './config-fields.ts';

/**
 * Every environment variable the server reads, with its default: the server's own here, each
 * area's in its config-*.ts file. Mirrored in .env.example (a test keeps them equal).
 */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(DEFAULT_PORT),
  HOST: z.string().min(1).default(DEFAULT_HOST),
  /** Public origin of the site, used for redirects and the Origin check. Defaults to http://HOST:PORT (src/shared/server-address.ts). */
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  /** PostgreSQL server. Without it the embedded PGlite database in DATA_DIR is used. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  /**
   * On SIGTERM, how long the process keeps serving with readiness failed before it stops
   * listening, so a balancer polling readiness sends nothing to a closing socket (decision 0078).
   */
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(10_000).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Local simulators of outside services. On unless real X credentials are configured; never in production. */
  SANDBOX: bool.optional(),
  /** First-start demo (sandbox only): sandbox users use the product so no page opens empty. */
  SANDBOX_DEMO: bool.default(true),
  /** Days of inactivity after which a sign-in session ends (sliding). */
  SESSION_IDLE_DAYS: z.coerce.number().positive().max(365).default(14),
  /** Request limits (429 + Retry-After) per minute; sized far above real use (decision 0038). */
  RATE_LIMIT_SIGN_IN_PER_MINUTE: z.coerce.number().int().positive().default(20),
  RATE_LIMIT_PAGE_VIEWS_PER_MINUTE: z.coerce.number().int().positive().default(120),
  RATE_LIMIT_CONSOLE_PER_MINUTE: z.coerce.number().int().positive().default(30),
  RATE_LIMIT_EXTERNAL_PER_MINUTE: z.coerce.number().int().positive().default(300),
  RATE_LIMIT_BAD_KEYS_PER_MINUTE: z.coerce.number().int().positive().default(10),
  /** Reads of X for the post embed (/api/tweet-status, /api/tweet of a post not kept), per address. */
  RATE_LIMIT_TWEET_LOOKUPS_PER_15_MINUTES: z.coerce.number().int().positive().default(30),
  /** Behind a reverse proxy that sets X-Forwarded-For: limit by its first address. */
  TRUST_PROXY: bool.default(false),
  /** Days after sign-in when a session ends however much it is used: then sign in with X again. */
  SESSION_MAX_DAYS: z.coerce.number().positive().max(365).default(30),
  PLAUSIBLE_URL: z.url().optional(),
  PLAUSIBLE_DOMAIN: z.string().min(1).optional(),
  ...publicSiteEnvShape,
  ...portfolioEnvShape,
  ...premiumEnvShape,
  ...xEnvShape,
  ...walletsEnvShape,
  ...constellationEnvShape,
  ...holdersEnvShape,
  ...evidenceEnvShape,
  ...metricsEnvShape,
  ...hotWalletsEnvShape,
  ...videoEnvShape,
});

export type Env = z.infer<typeof envSchema>;

export function loadConfig(source: NodeJS.ProcessEnv = process.env) {
  // Empty strings in env files mean "not set".
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ''));
  // Every mistake at once, before the server listens: the schema's, the settings read later by
  // other parts (the agent, the key rings), and production's refusals (decision 0049).
  const parsed = envSchema.safeParse(cleaned);
  const production = cleaned.NODE_ENV === 'production';
  const refusals = production
    ? [
        ...productionConfigRefusals(cleaned),
        ...walletKeyRefusals(cleaned, path.resolve(cleaned.DATA_DIR ?? './data')),
      ].map(formatRefusal)
    : [];
  const lines = [
    ...(parsed.success ? [] : issueLines(parsed.error.issues)),
    ...settingMistakes(cleaned),
    ...refusals,
  ];
  const title =
    refusals.length > 0
      ? 'Not started: production mode (NODE_ENV=production) runs on real services only. Fix:'
      : 'Not started: invalid configuration. Fix:';
  if (!parsed.success) throw new ConfigError(lines, title);
  const env = parsed.data;
  // Production is never the sandbox; otherwise the sandbox is on until real X credentials are set.
  const sandbox = !production && (env.SANDBOX ?? !(env.X_CLIENT_ID && env.X_CLIENT_SECRET));
  const publicUrl = serverAddress(env);
  const dataDir = path.resolve(env.DATA_DIR);

  // The areas' own checks (settings that go together) are listed together too.
  const { area, assertNone } = collectAreaMistakes(lines, title);
  const constellation = area(() => constellationConfig(env, sandbox, publicUrl));
  const holders = area(() => holdersConfig(env, sandbox));
  const publicConfig = area(() => {
    // Built on the two above: when one of them is wrong, its lines are already kept.
    if (!constellation || !holders) throw new ConfigError([]);
    return publicSiteConfig(env, sandbox, publicUrl, { constellation, holders });
  });
  const premium = area(() => premiumConfig(env, sandbox, publicUrl));
  assertNone();

  return {
    env: env.NODE_ENV,
    production,
    port: env.PORT,
    host: env.HOST,
    publicUrl,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    logLevel: env.LOG_LEVEL,
    // Behind a balancer in production; alone on a laptop, where nothing needs the wait.
    shutdownDelayMs: env.SHUTDOWN_DELAY_MS ?? (production ? 5_000 : 0),
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
      tweetLookupsPer15Minutes: env.RATE_LIMIT_TWEET_LOOKUPS_PER_15_MINUTES,
      trustProxy: env.TRUST_PROXY,
    },
    tokenKeys: xTokenKeys(env),
    wallets: walletsConfig(env, dataDir),
    constellation,
    holders,
    polymarket: polymarketConfig(env, sandbox, publicUrl),
    llm: llmConfig(env, sandbox, publicUrl),
    ...premium,
    evidence: evidenceConfig(env, sandbox, publicUrl, constellation?.dag.l0Url),
    metrics: metricsConfig(env),
    hotWallets: hotWalletsConfig(env),
    video: videoConfig(env),
  };
}

export type Config = ReturnType<typeof loadConfig>;

/** Runs each area's builder, adding its ConfigError lines to `lines`; assertNone throws them all. */
function collectAreaMistakes(lines: string[], title: string) {
  return {
    area<T>(build: () => T): T {
      try {
        return build();
      } catch (err) {
        if (!(err instanceof ConfigError)) throw err;
        lines.push(...err.issues);
        return undefined as T;
      }
    },
    assertNone() {
      if (lines.length > 0) throw new ConfigError(lines, title);
    },
  };
}

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
