import type { Hono } from 'hono';
import type { Database } from '@/db/client.ts';
import type { Logger } from '@/shared/logger.ts';
import type { SetTimer } from '@/shared/loop.ts';
import type { PublicConfig } from '@/shared/public-config.ts';
import type { XAccessTier } from '@/shared/x-access-tier.ts';
import type { BaseChain } from './base/chain.ts';
import type { ClobAccount } from './polymarket/clob-auth.ts';
import type { XLimits } from './x/context.ts';

/** One local simulator: where it is mounted, its routes, and what `GET /sandbox` says about it. */
export interface SandboxService {
  name: string;
  /** Mount path under the product's server, e.g. `/sandbox/x`. */
  path: string;
  app: Hono;
  /** Base URLs and facts a tool or test needs to find and use the service. */
  describe(): Record<string, unknown>;
  /** Background work (snapshot timers...) to stop on shutdown. */
  stop?(): Promise<void> | void;
}

/** A twin that could not start: `GET /sandbox` lists it as failed, readiness names it. */
export interface FailedTwin {
  name: string;
  path: string;
  /** What failed, for a person: "The local Base node failed to start: …". */
  message: string;
}

/**
 * The product settings the twins read: names, keys and intervals a twin must agree on with the
 * product. Declared here, not taken from src/main: the composition root's parsed config
 * satisfies it, and `npx tsc` proves that where main starts the sandbox.
 */
export interface SandboxSettings {
  publicConfig: Pick<PublicConfig, 'productName' | 'agentHandle'>;
  /** The bot's book the local Polymarket serves, with the CLOB account it answers to. */
  polymarket: { proxyWallet: string | null; clob: ClobAccount | null };
  /** The key and model the local LLM expects (null: the LLM is not configured). */
  llm?: { apiKey: string; model: string } | null;
  evidence?: { batchIntervalMs: number; shape?: 'sdk' | 'mcp' };
  constellation?: { snapshotIntervalMs: number; feeLessLimit?: boolean; startOrdinal?: bigint };
  /** The local X's API access tier (SANDBOX_X_ACCESS_TIER, default X_ACCESS_TIER). */
  x?: { localAccessTier: XAccessTier };
}

/**
 * What a twin gets: its own database tables, a logger, the clock and the product's settings (for
 * names, keys and intervals the twin must agree on). Never the product's clients or services:
 * a twin stands in for an outside service, so it knows nothing of the product's insides.
 */
export interface SandboxContext {
  database: Database;
  config: SandboxSettings;
  logger: Logger;
  now: () => Date;
  /**
   * The twins' own waits (the L0's snapshot loop, a fault's delay). Real timers when absent, as
   * in `npm start`; a test passes tests/support/manual-timers.ts to step them (decision 0072).
   */
  setTimer?: SetTimer;
  /** Absolute origin of the server the sandbox is mounted on. */
  publicUrl: string;
  /** Start the local Base node (anvil). Off where BASE_RPC_URL points elsewhere, and in most tests. */
  withBase?: boolean;
  /** The local Base node when it was started ahead of the rest (startBaseChainEarly). */
  baseChain?: Promise<BaseChain>;
  /** Outbound HTTP of the twins (the local X's webhook calls); in-process in the default run. */
  fetch?: (url: string, init?: RequestInit) => Promise<Response>;
  /** The local X's rate limits where a bench raises them (X's documented ones otherwise). */
  xLimits?: Partial<XLimits>;
}
