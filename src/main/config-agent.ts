import { z } from 'zod';
import type { AgentConfig, TokenLimits } from '@/agent/config.ts';
import { X_POSTING_LIMITS } from '@/agent/outbox/pacing.ts';
import { TOKENS, type Token } from '@/shared/tokens.ts';
import { parseTokenAmount } from '@/shared/units.ts';

/** "2.50" USD → 2,500,000 micro-dollars, exact. */
function usdToMicro(v: string): bigint {
  const [whole, frac = ''] = v.split('.');
  return BigInt(whole!) * 1_000_000n + BigInt(frac.padEnd(6, '0'));
}

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** "1000" or "12.5" whole tokens → base units; at most 8 decimals. */
const tokenAmount = z
  .string()
  .regex(/^\d{1,12}(\.\d{1,8})?$/, 'must be a token amount like 1000 or 12.5')
  .transform((v) => parseTokenAmount(v)!);

/** Per-token defaults in whole tokens: [per send, per day, preview-and-confirm above]. */
const DEFAULTS: Record<Token, [string, string, string]> = {
  UP: ['100000', '250000', '10000'],
  DAG: ['10000', '25000', '1000'],
  DOR: ['100000', '250000', '10000'],
};

const limitKeys = TOKENS.flatMap((t) => [
  [`AGENT_MAX_SEND_${t}`, DEFAULTS[t][0]],
  [`AGENT_DAILY_MAX_${t}`, DEFAULTS[t][1]],
  [`AGENT_CONFIRM_ABOVE_${t}`, DEFAULTS[t][2]],
]) as [string, string][];

const envSchema = z.object({
  /** Refuse every money movement (the DB flag from `npm run agent:pause` also pauses). */
  AGENT_PAUSED: bool.default(false),
  /** Run the agent's loops inside `npm start` (the default run). Off when `npm run agent` runs them. */
  AGENT_IN_PROCESS: bool.default(true),
  /** Shortest time between mentions reads; the pace follows X's headers (300 per 15 min ≈ one per 3 s). */
  AGENT_POLL_INTERVAL_MS: z.coerce.number().int().min(100).optional(),
  /**
   * Replies per 15 minutes the agent lets itself post: X's per-account limit on POST /2/tweets
   * (100 on every paid tier). Raise it only against a local X whose limit is raised too (the
   * multi-process bench); against X a higher figure just meets its 429s.
   */
  AGENT_X_POSTS_PER_15_MIN: z.coerce.number().int().min(1).default(X_POSTING_LIMITS.perWindow),
  /** Posts per 3 hours: X's second per-account window (300, posts and reposts together). */
  AGENT_X_POSTS_PER_3_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .default(X_POSTING_LIMITS.perThreeHours ?? 300),
  /**
   * What the agent may spend on X per UTC day, in USD (X's prices, integrations/x/pricing.ts).
   * Reached: replies wait for the next UTC day; reads and money commands go on. Unset: no cap.
   */
  X_DAILY_BUDGET_USD: z
    .string()
    .regex(/^\d{1,9}(\.\d{1,6})?$/, 'must be a USD amount like 25 or 2.50')
    .transform(usdToMicro)
    .optional(),
  /** How long a claimed job stays reserved for its worker before another may take it over. */
  AGENT_LEASE_MS: z.coerce.number().int().min(1000).default(60_000),
  /** How many authors' commands one worker runs side by side (each author's in order). */
  AGENT_JOB_LANES: z.coerce.number().int().min(1).max(32).default(4),
  /** On the first read after connecting, only mentions this recent are acted on. */
  AGENT_FIRST_READ_WINDOW_MINUTES: z.coerce.number().min(0).default(15),
  /** A promotion video render (ffmpeg) running longer is stopped and the requester told. */
  AGENT_VIDEO_RENDER_LIMIT_MS: z.coerce.number().int().min(1000).default(120_000),
  /** Explorer page of a transaction; the hash is appended. Sandbox mode: the local explorer pages. */
  DAG_EXPLORER_TX_URL: z.url().optional(),
  /** Tries of the model per analysis before the author is told it is unavailable (not charged). */
  AGENT_ANALYSIS_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(4),
  /** Promotions (promote/quote/comment) per user per UTC day; premium subscribers get more. */
  AGENT_PROMOTIONS_PER_DAY: z.coerce.number().int().min(0).default(3),
  AGENT_PROMOTIONS_PER_DAY_PREMIUM: z.coerce.number().int().min(0).default(10),
  /** Promotions of one target post per UTC day, whoever asks. */
  AGENT_PROMOTIONS_PER_TARGET: z.coerce.number().int().min(1).default(1),
  ...Object.fromEntries(limitKeys.map(([key, def]) => [key, tokenAmount.prefault(def)])),
});

/**
 * The agent's settings (AGENT_*) from the environment, parsed here like every other setting: the
 * agent receives the typed AgentConfig (src/agent/config.ts). Every one has a default,
 * documented in .env.example.
 */
export function loadAgentConfig(
  source: NodeJS.ProcessEnv,
  /** `publicUrl`: the server's origin, where sandbox mode serves its local explorer pages. */
  opts: { sandbox: boolean; publicUrl?: string },
): AgentConfig {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ''));
  const env = envSchema.parse(cleaned) as z.infer<typeof envSchema> & Record<string, bigint>;
  const limits = Object.fromEntries(
    TOKENS.map((t) => [
      t,
      {
        perSend: env[`AGENT_MAX_SEND_${t}`]!,
        perDay: env[`AGENT_DAILY_MAX_${t}`]!,
        confirmAbove: env[`AGENT_CONFIRM_ABOVE_${t}`]!,
      },
    ]),
  ) as Record<Token, TokenLimits>;
  return {
    paused: env.AGENT_PAUSED,
    inProcess: env.AGENT_IN_PROCESS,
    pollIntervalMs: env.AGENT_POLL_INTERVAL_MS ?? (opts.sandbox ? 1000 : 5000),
    leaseMs: env.AGENT_LEASE_MS,
    jobLanes: env.AGENT_JOB_LANES,
    postingLimits: {
      ...X_POSTING_LIMITS,
      perWindow: env.AGENT_X_POSTS_PER_15_MIN,
      perThreeHours: env.AGENT_X_POSTS_PER_3_HOURS,
      dailyBudgetMicroUsd: env.X_DAILY_BUDGET_USD ?? null,
    },
    firstReadWindowMs: env.AGENT_FIRST_READ_WINDOW_MINUTES * 60_000,
    videoRenderLimitMs: env.AGENT_VIDEO_RENDER_LIMIT_MS,
    explorerTxUrl: env.DAG_EXPLORER_TX_URL ?? defaultExplorerTxUrl(opts),
    limits,
    analysisAttempts: env.AGENT_ANALYSIS_ATTEMPTS,
    promotions: {
      perDay: env.AGENT_PROMOTIONS_PER_DAY,
      perDayPremium: env.AGENT_PROMOTIONS_PER_DAY_PREMIUM,
      perTarget: env.AGENT_PROMOTIONS_PER_TARGET,
    },
    /** Spec: a preview waits this long for 'confirm'. */
    confirmTtlMs: 10 * 60_000,
  };
}

/** Sandbox wallets exist only on the local network, so its explorer pages are the useful links. */
function defaultExplorerTxUrl(opts: { sandbox: boolean; publicUrl?: string }) {
  if (opts.sandbox && opts.publicUrl) {
    return `${opts.publicUrl.replace(/\/+$/, '')}/sandbox/constellation/explorer/transactions/`;
  }
  return 'https://mainnet.dagexplorer.io/transactions/';
}

export { envSchema as agentEnvSchema };
