import { z } from 'zod';
import { createPriceBand, type PriceBandSettings } from './price-band.ts';

/**
 * Market data in CoinGecko's `GET /simple/price` shape (pro: https://pro-api.coingecko.com/api/v3,
 * demo: https://api.coingecko.com/api/v3; the key goes in a header). UP in USD (what purchases
 * are quoted from, inside the sanity band), and DAG or DOR in USD where their ids are configured
 * (figures for token analyses only). Cached for `cacheMs`; the staleness limit is the caller's.
 */
const simplePriceSchema = z.record(
  z.string(),
  z.object({
    usd: z.number().positive(),
    usd_24h_change: z.number().nullish(),
    last_updated_at: z.number().int().positive().optional(),
  }),
);

export interface MarketPrice {
  usd: number;
  /** Percent change over the last 24 hours, when the feed says (CoinGecko `usd_24h_change`). */
  change24hPercent: number | null;
  /** When the market last updated the price (else when we fetched it). */
  asOf: Date;
}

export class MarketDataError extends Error {
  constructor(
    readonly code: 'market_unavailable' | 'market_bad_response' | 'market_price_out_of_band',
    message: string,
  ) {
    super(message);
    this.name = 'MarketDataError';
  }
}

export interface MarketClientOptions {
  baseUrl: string;
  apiKey?: string;
  /** x-cg-demo-api-key or x-cg-pro-api-key. */
  apiKeyHeader: string;
  /** UP's id at the API; null (not configured) fails every read instead of guessing one. */
  coinId: string | null;
  /** DAG's and DOR's ids at the API; a token without one has no price (never a guessed id). */
  tokenCoinIds?: Partial<Record<'DAG' | 'DOR', string | null>>;
  cacheMs: number;
  /** Prices outside it are refused, never served (price-band.ts). */
  band: PriceBandSettings;
  now: () => Date;
  fetch?: (url: string, init?: RequestInit) => Promise<Response>;
}

export type MarketClient = ReturnType<typeof createMarketClient>;

export function createMarketClient(opts: MarketClientOptions) {
  const doFetch = opts.fetch ?? ((url: string, init?: RequestInit) => fetch(url, init));
  let cached:
    | ({ fetchedAt: number } & ({ price: MarketPrice } | { refused: MarketDataError }))
    | null = null;
  let inflight: Promise<MarketPrice> | null = null;
  const band = createPriceBand(opts.band);

  /** One coin's USD price from simple/price; `admit` may refuse it (the UP band). */
  async function fetchCoin(
    coinId: string,
    name: string,
    admit: (usd: number) => string | null,
  ): Promise<MarketPrice> {
    const url = new URL(`${opts.baseUrl.replace(/\/$/, '')}/simple/price`);
    url.searchParams.set('ids', coinId);
    url.searchParams.set('vs_currencies', 'usd');
    url.searchParams.set('include_last_updated_at', 'true');
    url.searchParams.set('include_24hr_change', 'true');
    const headers: Record<string, string> = { accept: 'application/json' };
    if (opts.apiKey) headers[opts.apiKeyHeader] = opts.apiKey;
    let res: Response;
    try {
      res = await doFetch(url.toString(), { headers, signal: AbortSignal.timeout(10_000) });
    } catch (err) {
      throw new MarketDataError('market_unavailable', `Market data unreachable: ${String(err)}`);
    }
    if (!res.ok) throw new MarketDataError('market_unavailable', `Market data: HTTP ${res.status}`);
    const parsed = simplePriceSchema.safeParse(await res.json().catch(() => null));
    const entry = parsed.success ? parsed.data[coinId] : undefined;
    if (!entry)
      throw new MarketDataError('market_bad_response', `Market data has no ${name} price`);
    const refused = admit(entry.usd);
    if (refused) {
      throw new MarketDataError(
        'market_price_out_of_band',
        `Market data: implausible ${name} price (${refused})`,
      );
    }
    const asOf = entry.last_updated_at ? new Date(entry.last_updated_at * 1000) : opts.now();
    return { usd: entry.usd, change24hPercent: entry.usd_24h_change ?? null, asOf };
  }

  async function fetchPrice(): Promise<MarketPrice> {
    const coinId = opts.coinId;
    if (!coinId) {
      throw new MarketDataError('market_unavailable', 'Market data: MARKET_COIN_ID is not set');
    }
    return fetchCoin(coinId, 'UP', (usd) => band.admit(usd, opts.now().getTime()));
  }

  const tokenCache = new Map<string, { price: MarketPrice; fetchedAt: number }>();

  return {
    /** The UP/USD price, from cache while younger than cacheMs; concurrent callers share a fetch. */
    async getUpPrice(): Promise<MarketPrice> {
      const now = opts.now().getTime();
      if (cached && now - cached.fetchedAt < opts.cacheMs) {
        if ('refused' in cached) throw cached.refused;
        return cached.price;
      }
      inflight ??= fetchPrice().finally(() => {
        inflight = null;
      });
      try {
        const price = await inflight;
        cached = { price, fetchedAt: opts.now().getTime() };
        return price;
      } catch (err) {
        // An implausible price is an answer too: kept as long as a price would be, so a bad
        // feed is not asked again on every request.
        if (err instanceof MarketDataError && err.code === 'market_price_out_of_band') {
          cached = { refused: err, fetchedAt: opts.now().getTime() };
        }
        throw err;
      }
    },
    /**
     * DAG's or DOR's USD price, for token analysis figures (no band: nothing is bought with it),
     * cached like UP's. Fails with market_unavailable when the token's id is not configured.
     */
    async getTokenPrice(token: 'DAG' | 'DOR'): Promise<MarketPrice> {
      const coinId = opts.tokenCoinIds?.[token];
      if (!coinId) {
        throw new MarketDataError('market_unavailable', `Market data: no coin id for ${token}`);
      }
      const now = opts.now().getTime();
      const hit = tokenCache.get(token);
      if (hit && now - hit.fetchedAt < opts.cacheMs) return hit.price;
      const price = await fetchCoin(coinId, token, () => null);
      tokenCache.set(token, { price, fetchedAt: opts.now().getTime() });
      return price;
    },
    /** How old a price is at `now`. */
    ageMs: (price: MarketPrice) => opts.now().getTime() - price.asOf.getTime(),
    clearCache() {
      cached = null;
      tokenCache.clear();
    },
  };
}
