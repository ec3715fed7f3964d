import { describe, expect, it } from 'vitest';
import { createMarketClient, MarketDataError } from './client.ts';

/** A client over a feed whose price the test sets, on a settable clock. */
function feedAt(usd: number, cacheMs: number) {
  const feed = { usd, reads: 0 };
  let nowMs = Date.parse('2026-05-10T12:00:00Z');
  const client = createMarketClient({
    baseUrl: 'http://market.test/api/v3',
    apiKeyHeader: 'x-cg-demo-api-key',
    coinId: 'upsider',
    cacheMs,
    band: { minUsd: 0.000001, maxUsd: 1000, maxJumpFactor: 3, medianWindowMs: 6 * 3_600_000 },
    now: () => new Date(nowMs),
    fetch: async () => {
      feed.reads++;
      return Response.json({ upsider: { usd: feed.usd, last_updated_at: nowMs / 1000 } });
    },
  });
  return { client, feed, advance: (ms: number) => (nowMs += ms) };
}

describe('market client: cache and sanity band', () => {
  it('a price change reaches callers once the cached price is cacheMs old, not before', async () => {
    const { client, feed, advance } = feedAt(0.05, 60_000);
    expect((await client.getUpPrice()).usd).toBe(0.05);
    feed.usd = 0.06;
    advance(59_999);
    expect((await client.getUpPrice()).usd).toBe(0.05);
    advance(1);
    expect((await client.getUpPrice()).usd).toBe(0.06);
  });

  it('refuses an absurd price with a typed error, never returns it, and asks again after cacheMs', async () => {
    const { client, feed, advance } = feedAt(1_000_000, 60_000);
    const refused = await client.getUpPrice().catch((e) => e);
    expect(refused).toBeInstanceOf(MarketDataError);
    expect(refused.code).toBe('market_price_out_of_band');
    // The refusal is kept like a price: the feed is not asked again within cacheMs.
    await expect(client.getUpPrice()).rejects.toMatchObject({ code: 'market_price_out_of_band' });
    expect(feed.reads).toBe(1);
    feed.usd = 0.05;
    advance(60_000);
    expect((await client.getUpPrice()).usd).toBe(0.05);
    feed.usd = 1e-12;
    advance(60_000);
    await expect(client.getUpPrice()).rejects.toMatchObject({ code: 'market_price_out_of_band' });
    feed.usd = 5; // 100x the median: refused although inside the absolute bounds
    advance(60_000);
    await expect(client.getUpPrice()).rejects.toMatchObject({ code: 'market_price_out_of_band' });
  });
});
