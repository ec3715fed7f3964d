import type { AgentRuntime } from '../agent/runtime.ts';
import { loadKeyRing } from '../core/crypto/key-ring.ts';
import { createTokenCipher, type TokenCipher } from '../core/crypto/token-cipher.ts';
import { RankingStore } from '../core/holders/published-ranking.ts';
import type { Db } from '../db/client.ts';
import {
  type ConstellationClient,
  createConstellationClient,
} from '../integrations/constellation/index.ts';
import { createEvidenceClient, type EvidenceClient } from '../integrations/evidence/index.ts';
import { createLlmClient, type LlmClient } from '../integrations/llm/index.ts';
import { createMarketClient, type MarketClient } from '../integrations/market/index.ts';
import { createPolymarketClient, type PolymarketClient } from '../integrations/polymarket/index.ts';
import { createXClient, type XClient } from '../integrations/x/client.ts';
import type { FetchFn } from '../integrations/x/http.ts';
import type { Config } from './config.ts';
import type { Logger } from './logger.ts';

/** What route handlers and services receive: built once per process (or a test), passed down. */
export interface AppDeps {
  config: Config;
  db: Db;
  logger: Logger;
  /** The current time. Everything time-based (sessions, token expiry, caps) reads it; tests fake it. */
  now: () => Date;
  /** The product's X client: the real X, or the local X in sandbox mode. */
  x: XClient;
  /** Encrypts the X tokens users grant (AES-256-CBC + HMAC-SHA256). */
  tokenCipher: TokenCipher;
  /** Constellation nodes and block explorer (DAG, UP, DOR): mainnet, or the local network in sandbox mode. */
  constellation: ConstellationClient;
  /** The bot's Polymarket book (null without a proxy wallet configured). */
  polymarket?: PolymarketClient | null;
  /** OpenAI-compatible chat completions (null when none is configured). */
  llm?: LlmClient | null;
  /** UP/USD market data (CoinGecko simple/price shape), cached; the local twin in sandbox mode. */
  market: MarketClient;
  /** Digital Evidence API: Constellation's, or the local twin in sandbox mode. */
  evidence?: EvidenceClient;
  /** The X agent (worker loops, console engine), when this process runs it. */
  agent?: AgentRuntime;
  /** Latest holder rankings (Constellation, Base) the holder indexers publish and /api serves. */
  holders: RankingStore;
}

export interface AppDepsOptions {
  logger: Logger;
  /** Outbound HTTP of every client; the default run reaches the sandbox in-process. */
  fetch?: (url: string, init?: RequestInit) => Promise<Response>;
  /** The clock (tests pass a settable one). */
  now?: () => Date;
  /** Encrypts users' X tokens; default: the key ring from config and the data folder. */
  tokenCipher?: TokenCipher;
  /** The X app's client when config names none: the local X's registered one in sandbox mode. */
  xApp?: { clientId: string; clientSecret?: string };
  /** A client's own outbound HTTP, when not `fetch` (tests watch or fake one service). */
  fetchFor?: { x?: FetchFn; llm?: (url: string, init?: RequestInit) => Promise<Response> };
}

/**
 * The dependencies every process builds the same way (the server's bootstrap, the agent worker,
 * the test harness): clients from config, the clock, the token cipher. Built once, complete, and
 * not patched afterwards, except `agent`, which start-agent.ts adds once the agent runs.
 */
export function createAppDeps(config: Config, db: Db, opts: AppDepsOptions): AppDeps {
  const now = opts.now ?? (() => new Date());
  return {
    config,
    db,
    logger: opts.logger,
    now,
    x: createXClient({
      ...config.x,
      ...(config.x.clientId ? {} : opts.xApp),
      now,
      fetch: opts.fetchFor?.x ?? opts.fetch,
    }),
    tokenCipher:
      opts.tokenCipher ??
      createTokenCipher(loadKeyRing({ ...config.tokenKeys, dataDir: config.dataDir })),
    constellation: createConstellationClient({ ...config.constellation, fetch: opts.fetch }),
    holders: new RankingStore(db),
    polymarket: config.polymarket.proxyWallet
      ? createPolymarketClient({
          ...config.polymarket,
          proxyWallet: config.polymarket.proxyWallet,
          fetch: opts.fetch,
          now,
        })
      : null,
    llm: config.llm
      ? createLlmClient({ ...config.llm, fetch: opts.fetchFor?.llm ?? opts.fetch })
      : null,
    market: createMarketClient({ ...config.market, now, fetch: opts.fetch }),
    evidence: createEvidenceClient({
      baseUrl: config.evidence.url,
      apiKey: config.evidence.apiKey,
      fetch: opts.fetch,
    }),
  };
}

/**
 * A fetch for the product's clients that sends requests for `route`d URLs to the app itself,
 * in-process (the sandbox is mounted on it), and everything else to the network. The clients
 * are made before the app, so the app is attached once it exists; a request before that is a
 * wiring mistake and says so.
 */
export function appFetch(route: (url: string) => boolean) {
  let app: { request(url: string, init?: RequestInit): Response | Promise<Response> } | null = null;
  return {
    fetch: async (url: string, init?: RequestInit): Promise<Response> => {
      if (!route(url)) return fetch(url, init);
      if (!app) throw new Error(`in-process request to ${url} before the app was attached`);
      return app.request(url, init);
    },
    attach(target: NonNullable<typeof app>) {
      app = target;
    },
  };
}
