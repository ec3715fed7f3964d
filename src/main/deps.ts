import type { ApiDeps } from '@/api/deps.ts';
import { loadKeyRing } from '@/core/crypto/key-ring.ts';
import { createTokenCipher, type TokenCipher } from '@/core/crypto/token-cipher.ts';
import { RankingStore } from '@/core/holders/published-ranking.ts';
// Not video/index.ts: that loads the canvas library, which a server start does not need (0025).
import { setFfmpegBinaries } from '@/core/videos/index.ts';
import type { Db } from '@/db/client.ts';
import { createConstellationClient } from '@/integrations/constellation/index.ts';
import { createEvidenceClient } from '@/integrations/evidence/index.ts';
import { createLlmClient } from '@/integrations/llm/index.ts';
import { createMarketClient } from '@/integrations/market/index.ts';
import { createPolymarketClient } from '@/integrations/polymarket/index.ts';
import type { FetchFn } from '@/integrations/x/index.ts';
import { createXClient } from '@/integrations/x/index.ts';
import type { Config } from './config.ts';
import type { Logger } from './logger.ts';

/**
 * What this process builds once (or a test) and hands down: the API's deps (`ApiDeps`, which
 * extend the agent's and core's) with main's whole parsed config. Each layer declares the part
 * it reads; handing these deps to `createApp`, `composeAgent` and the sandbox's admin mounts is
 * where `npx tsc` proves that the parsed config satisfies every layer's slice.
 */
export interface AppDeps extends Omit<ApiDeps, 'config'> {
  config: Config;
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
 * not patched afterwards, except `agent`, which compose-agent.ts adds once the agent runs.
 */
export function createAppDeps(config: Config, db: Db, opts: AppDepsOptions): AppDeps {
  const now = opts.now ?? (() => new Date());
  setFfmpegBinaries(config.video.binaries);
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
          onListCut: (list, rowsRead) =>
            opts.logger.warn(
              { list, rowsRead },
              'Polymarket list cut at the Data API offset cap (10,000): later rows are missing',
            ),
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
