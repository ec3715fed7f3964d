import { describe, expect, it } from 'vitest';
import { createMarketClient, MarketDataError } from './client.ts';
import docs from './fixtures/coingecko-simple-price.json' with { type: 'json' };

function recording(coinId: string | null) {
  const urls: string[] = [];
  const headers: Headers[] = [];
  const client = createMarketClient({
    baseUrl: docs.baseUrl,
    apiKey: 'demo-key',
    apiKeyHeader: docs.apiKeyHeader,
    coinId,
    cacheMs: 0,
    // CoinGecko's example is Bitcoin's price: a band wide enough for it.
    band: { minUsd: 1e-9, maxUsd: 1e9, maxJumpFactor: 3, medianWindowMs: 0 },
    now: () => new Date('2024-03-25T09:00:00Z'),
    fetch: async (url, init) => {
      urls.push(url);
      headers.push(new Headers(init?.headers));
      return Response.json(docs.response);
    },
  });
  return { client, urls, headers };
}

describe('market client against CoinGecko’s simple/price example', () => {
  it('asks GET /simple/price for the coin in usd with the key in its header, and reads the example', async () => {
    const { client, urls, headers } = recording(docs.coinId);
    const price = await client.getUpPrice();
    expect(price).toEqual({
      usd: 67187.3358936566,
      change24hPercent: 3.63727894677354,
      asOf: new Date(1711356300 * 1000),
    });
    const url = new URL(urls[0] ?? '');
    expect(`${url.origin}${url.pathname}`).toBe('https://api.coingecko.com/api/v3/simple/price');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      ids: 'bitcoin',
      vs_currencies: 'usd',
      include_last_updated_at: 'true',
      include_24hr_change: 'true',
    });
    expect(headers[0]?.get('x-cg-demo-api-key')).toBe('demo-key');
  });

  it('an answer without the configured coin is a bad response, not a price', async () => {
    const { client } = recording('upsider');
    await expect(client.getUpPrice()).rejects.toMatchObject({ code: 'market_bad_response' });
  });

  it('without a configured coin id it asks nothing and says what is missing', async () => {
    const { client, urls } = recording(null);
    const err = await client.getUpPrice().catch((e) => e);
    expect(err).toBeInstanceOf(MarketDataError);
    expect(err.message).toContain('MARKET_COIN_ID');
    expect(urls).toHaveLength(0);
  });
});

describe('DAG and DOR prices (token analysis figures)', () => {
  it('reads the configured id, and has no price for a token without one', async () => {
    const urls: string[] = [];
    const client = createMarketClient({
      baseUrl: docs.baseUrl,
      apiKeyHeader: docs.apiKeyHeader,
      coinId: null,
      tokenCoinIds: { DAG: docs.coinId, DOR: null },
      cacheMs: 60_000,
      band: { minUsd: 1, maxUsd: 2, maxJumpFactor: 3, medianWindowMs: 0 },
      now: () => new Date('2024-03-25T09:00:00Z'),
      fetch: async (url) => {
        urls.push(url);
        return Response.json(docs.response);
      },
    });
    // The UP band does not apply: nothing is bought with this price.
    expect((await client.getTokenPrice('DAG')).usd).toBe(67187.3358936566);
    expect(new URL(urls[0] ?? '').searchParams.get('ids')).toBe(docs.coinId);
    await client.getTokenPrice('DAG');
    expect(urls).toHaveLength(1);
    await expect(client.getTokenPrice('DOR')).rejects.toMatchObject({ code: 'market_unavailable' });
    expect(urls).toHaveLength(1);
  });
});
