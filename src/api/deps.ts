import type { AgentRuntime } from '@/agent/agent-for-api.ts';
import type { AgentDeps, AgentDepsConfig } from '@/agent/deps.ts';
import type { HotWalletCeilings } from '@/core/hot-wallets/index.ts';
import type { PublicConfig } from '@/shared/public-config.ts';

/**
 * The settings the API reads beyond core's and the agent's. Declared here, not taken from
 * src/main: main's parsed config satisfies it, and `npx tsc` proves that in
 * main/compose-product.ts, where the app is created.
 */
export interface ApiSettings {
  /** Hot-wallet ceilings of the system wallets (/status says what to move to cold storage). */
  hotWallets?: HotWalletCeilings;
  /** Embedded in every page and served to the web app. */
  publicConfig: PublicConfig;
  /** RATE_LIMIT_* per minute, and whether X-Forwarded-For is to be believed. */
  rateLimits: {
    signInPerMinute: number;
    pageViewsPerMinute: number;
    consolePerMinute: number;
    externalPerMinute: number;
    badKeysPerMinute: number;
    /** Reads of X through the post embed routes, per address and 15 minutes. */
    tweetLookupsPer15Minutes: number;
    trustProxy: boolean;
  };
  /** The bot's book: shown when a proxy wallet is configured; its analyses key, hashed. */
  polymarket: {
    proxyWallet: string | null;
    marketUrl: string;
    analysesKeySha256: string | null;
  };
  /**
   * The key that signs Digital Evidence batch roots, published with the archive's own signer
   * (the public half of the agent's evidence signing key) at /api/digital-evidence/keys.
   */
  evidence: {
    batchPublicKey: string | null;
    /** Where verifiers read the anchor (decision 0051), published beside the keys. */
    metagraphId?: string | null;
    globalL0Url?: string | null;
  };
}

/** What the Hono app and its routes are handed: the agent's deps, the API's settings, the agent. */
export interface ApiDeps extends Omit<AgentDeps, 'config'> {
  config: AgentDepsConfig & ApiSettings;
  /** The X agent (worker loops, console engine), when this process runs it. */
  agent?: AgentRuntime;
}
