import type { Db } from '@/db/client.ts';
import type { ConstellationClient } from '@/integrations/constellation/index.ts';
import type { EvidenceClient } from '@/integrations/evidence/index.ts';
import type { LlmClient } from '@/integrations/llm/index.ts';
import type { MarketClient } from '@/integrations/market/index.ts';
import type { PolymarketClient } from '@/integrations/polymarket/index.ts';
import type { XClient } from '@/integrations/x/index.ts';
import type { Logger } from '@/shared/logger.ts';
import type { PublicConfig } from '@/shared/public-config.ts';
import type { TokenCipher } from './crypto/token-cipher.ts';
import type { HolderIndexSettings } from './holders/holder-settings.ts';
import type { RankingStore } from './holders/published-ranking.ts';
import type { PostRewardSettings } from './post-rewards/settings.ts';
import type { QuoteDeps } from './subscriptions/quote.ts';
import type { WalletAndModeConfig } from './wallets/wallet-settings.ts';

/**
 * The settings core reads, each where its service declares it. Declared in core, not taken from
 * src/main: main's parsed config satisfies it, and `npx tsc` proves that in
 * main/compose-product.ts, where the deps are handed on.
 */
export interface CoreConfig extends WalletAndModeConfig, Pick<QuoteDeps['config'], 'market'> {
  publicUrl: string;
  publicConfig: Pick<PublicConfig, 'agentHandle'>;
  /** Sign-in sessions: sliding idle limit and hard limit, in days. */
  sessionIdleDays: number;
  sessionMaxDays: number;
  /** Page views are forwarded here when set. */
  plausible: { url: string; domain: string } | null;
  /** Whether the UP metagraph is configured (the Constellation holders indexer needs it). */
  constellation: { UP: object | null };
  holders: HolderIndexSettings;
  subscriptions: QuoteDeps['config']['subscriptions'];
  /** REWARDS_MONTHLY_POOL_UP (whole UP, as configured) and REWARDS_WINNERS. */
  rewards: { monthlyPoolUp: number; winners: number };
  postRewards: Omit<PostRewardSettings, 'pool'> & { dailyPoolUp: number };
}

/**
 * What core's services are handed: the clients, the clock and the settings, built once by the
 * composition root. Each service takes only what it uses (`Pick<CoreDeps, 'db' | 'now'>`).
 */
export interface CoreDeps {
  config: CoreConfig;
  db: Db;
  logger: Logger;
  /** The current time. Everything time-based (sessions, token expiry, caps) reads it; tests fake it. */
  now: () => Date;
  /** The product's X client: the real X, or the local X in sandbox mode. */
  x: XClient;
  /** Encrypts the X tokens users grant (AES-256-CBC + HMAC-SHA256). */
  tokenCipher: TokenCipher;
  /** Constellation nodes and block explorer (DAG, UP, DOR). */
  constellation: ConstellationClient;
  /** The bot's Polymarket book (null without a proxy wallet configured). */
  polymarket?: PolymarketClient | null;
  /** OpenAI-compatible chat completions (null when none is configured). */
  llm?: LlmClient | null;
  /** UP/USD market data, cached. */
  market: MarketClient;
  /** Digital Evidence API. */
  evidence?: EvidenceClient;
  /** Latest holder rankings (Constellation, Base) the holder indexers publish and /api serves. */
  holders: RankingStore;
}
