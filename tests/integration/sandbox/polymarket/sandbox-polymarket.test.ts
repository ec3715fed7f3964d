import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPolymarketClient,
  l2Headers,
  PolymarketHttpError,
} from '@/integrations/polymarket/index.ts';
import { startPortfolioTwins } from '../../../support/portfolio-twins.ts';

let twins: Awaited<ReturnType<typeof startPortfolioTwins>>;
beforeAll(async () => {
  twins = await startPortfolioTwins();
});
afterAll(() => twins?.close());

const client = (over: Partial<Parameters<typeof createPolymarketClient>[0]> = {}) => {
  const cfg = twins.config.polymarket;
  return createPolymarketClient({
    ...cfg,
    proxyWallet: cfg.proxyWallet!,
    fetch: twins.fetch,
    now: twins.deps.now,
    ...over,
  });
};

describe('local Polymarket through the product client', () => {
  it('serves the seeded book: positions across resolved, open and losing markets', async () => {
    const positions = await client().positions();
    expect(positions.length).toBe(13);
    expect(positions.some((p) => p.curPrice === 1 && p.redeemable)).toBe(true);
    expect(positions.some((p) => p.curPrice === 0)).toBe(true);
    expect(positions.some((p) => p.curPrice === null)).toBe(true);
    expect(positions.some((p) => p.title === '')).toBe(true);
    expect(positions.some((p) => p.slug === '')).toBe(true);
    const fed = positions.find((p) => p.title?.startsWith('Will the Fed'))!;
    // 400 @ 0.48 + 250 @ 0.55 bought, 150 sold: 500 left at the buy average.
    expect(fed.size).toBe(500);
    expect(fed.avgPrice).toBeCloseTo((400 * 0.48 + 250 * 0.55) / 650, 6);
  });

  it('drifts open prices from one minute to the next, never resolved ones', async () => {
    const before = await client().positions();
    twins.advance(5 * 60_000);
    const after = await client().positions();
    const price = (list: typeof before, t: string) => list.find((p) => p.title === t)?.curPrice;
    expect(price(after, 'Will Bitcoin reach $150,000 by December 31?')).not.toBe(
      price(before, 'Will Bitcoin reach $150,000 by December 31?'),
    );
    expect(price(after, 'Will an ETH ETF with staking be approved this year?')).toBe(1);
  });

  it('pages the Data API with limit and offset', async () => {
    const res = await twins.fetch(
      `${twins.config.polymarket.dataUrl}/positions?user=${twins.config.polymarket.proxyWallet}&limit=5&offset=10&sizeThreshold=0`,
    );
    expect(((await res.json()) as unknown[]).length).toBe(3);
    const bad = await twins.fetch(`${twins.config.polymarket.dataUrl}/positions?user=nobody`);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: expect.any(String) });
  });

  it('reads every open order across CLOB cursor pages', async () => {
    const orders = await client().openOrders();
    expect(orders.length).toBe(5);
    expect(new Set(orders.map((o) => o.id)).size).toBe(5);
  });

  it('rejects a wrong HMAC and an old timestamp', async () => {
    const cfg = twins.config.polymarket;
    const wrong = client({
      clob: { ...cfg.clob!, secret: Buffer.from('not the secret').toString('base64') },
    });
    await expect(wrong.openOrders()).rejects.toMatchObject({ status: 401 });
    const stale = client({ now: () => new Date(twins.deps.now().getTime() - 5 * 60_000) });
    await expect(stale.openOrders()).rejects.toBeInstanceOf(PolymarketHttpError);
    const headers = l2Headers(cfg.clob!, {
      timestampSeconds: Math.floor(twins.deps.now().getTime() / 1000),
      method: 'GET',
      requestPath: '/data/orders',
    });
    const ok = await twins.fetch(`${cfg.clobUrl}/data/orders?next_cursor=MA==`, { headers });
    expect(ok.status).toBe(200);
  });

  it('answers Gamma markets by condition id with JSON-encoded string fields', async () => {
    const positions = await client().positions();
    const markets = await client().marketsByConditionIds(positions.map((p) => p.conditionId));
    expect(markets.length).toBe(12); // the unknown market is not on Gamma
    expect(JSON.parse(markets[0]!.outcomes!)).toEqual(['Yes', 'No']);
  });

  it('adds a trade through the admin route, visible in positions and trades', async () => {
    const c = client();
    const btc = (await c.positions()).find((p) => p.title?.startsWith('Will Bitcoin'))!;
    const res = await twins.fetch(
      `${twins.config.polymarket.dataUrl.replace(/\/data$/, '')}/_admin/trades`,
      {
        method: 'POST',
        body: JSON.stringify({ asset: btc.asset, side: 'SELL', size: 200, price: 0.2 }),
        headers: { 'content-type': 'application/json' },
      },
    );
    expect(res.status).toBe(201);
    const after = (await c.positions()).find((p) => p.asset === btc.asset)!;
    expect(after.size).toBe(btc.size - 200);
    const trades = await c.trades();
    expect(
      trades
        .filter((t) => t.asset === btc.asset)
        .map((t) => t.side)
        .sort(),
    ).toEqual(['BUY', 'SELL']);
  });
});

describe('local Polymarket Data API queries', () => {
  const base = () => twins.config.polymarket.dataUrl;
  const positions = async (query: string) => {
    const res = await twins.fetch(
      `${base()}/positions?user=${twins.config.polymarket.proxyWallet}&sizeThreshold=0&${query}`,
    );
    expect(res.status).toBe(200);
    return (await res.json()) as {
      asset: string;
      size: number;
      title: string;
      conditionId: string;
      percentRealizedPnl: number;
      realizedPnl: number;
    }[];
  };

  it('sorts by sortBy/sortDirection (default TOKENS, DESC), filters by market, pages by limit/offset', async () => {
    const bySize = await positions('');
    expect(bySize.map((p) => p.size)).toEqual([...bySize.map((p) => p.size)].sort((a, b) => b - a));
    const byTitle = await positions('sortBy=TITLE&sortDirection=ASC');
    const titles = byTitle.map((p) => p.title);
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b)));
    const page = await positions('sortBy=TITLE&sortDirection=ASC&limit=2&offset=3');
    expect(page.map((p) => p.asset)).toEqual(byTitle.slice(3, 5).map((p) => p.asset));
    const one = byTitle[0]!.conditionId;
    expect((await positions(`market=${one}`)).every((p) => p.conditionId === one)).toBe(true);
    const bad = await twins.fetch(
      `${base()}/positions?user=${twins.config.polymarket.proxyWallet}&sortBy=SIZE`,
    );
    expect(bad.status).toBe(400);
  });

  it('carries realized P&L and its percent (the Fed position sold 150 above its average)', async () => {
    const fed = (await positions('')).find((p) => p.title.startsWith('Will the Fed'))!;
    const avg = (400 * 0.48 + 250 * 0.55) / 650;
    expect(fed.realizedPnl).toBeCloseTo(150 * (0.6 - avg), 5);
    expect(fed.percentRealizedPnl).toBeCloseTo(((0.6 - avg) / avg) * 100, 4);
  });

  it("answers unknown paths with Polymarket's JSON 404", async () => {
    for (const path of ['/data/nope', '/clob/nope', '/gamma/events/x']) {
      const res = await twins.fetch(`${base().replace(/\/data$/, '')}${path}`);
      expect(res.status).toBe(404);
      expect(await res.json()).toHaveProperty('error');
    }
  });
});
