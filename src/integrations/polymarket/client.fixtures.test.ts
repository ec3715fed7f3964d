import { describe, expect, it } from 'vitest';
import { CLOB_END_CURSOR, createPolymarketClient } from './client.ts';
import docs from './fixtures/docs-examples.json' with { type: 'json' };
import { signL2 } from './hmac.ts';

const creds = {
  address: '0x1234567890123456789012345678901234567890',
  key: 'f4f247b7-4ac7-ff29-a152-04fda0a8755a',
  secret: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=',
  passphrase: 'pass',
};

function replaying(answer: (url: URL) => unknown) {
  const seen: { url: URL; headers: Headers; method: string }[] = [];
  const client = createPolymarketClient({
    dataUrl: 'https://data-api.polymarket.com',
    clobUrl: 'https://clob.polymarket.com',
    gammaUrl: 'https://gamma-api.polymarket.com',
    proxyWallet: docs.proxyWallet,
    clob: creds,
    now: () => new Date(1_700_000_000_000),
    fetch: async (input, init) => {
      const url = new URL(input);
      seen.push({ url, headers: new Headers(init?.headers), method: init?.method ?? 'GET' });
      return Response.json(answer(url));
    },
  });
  return { client, seen };
}

describe('Polymarket client against the docs’ examples', () => {
  it('Data API /positions: the proxy wallet, every size, and the example read', async () => {
    const { client, seen } = replaying(() => docs.positions);
    const [p] = await client.positions();
    expect(p).toMatchObject({
      proxyWallet: docs.proxyWallet,
      conditionId: docs.positions[0]?.conditionId,
      size: 123,
      avgPrice: 123,
      currentValue: 123,
      redeemable: true,
    });
    const url = seen[0]!.url;
    expect(`${url.origin}${url.pathname}`).toBe('https://data-api.polymarket.com/positions');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      user: docs.proxyWallet,
      sizeThreshold: '0',
      limit: '500',
      offset: '0',
    });
  });

  it('Data API /trades: maker and taker sides (takerOnly defaults to true), the example read', async () => {
    const { client, seen } = replaying(() => docs.trades);
    const [t] = await client.trades();
    expect(t).toMatchObject({
      side: 'SELL',
      size: 160.26,
      price: 0.89,
      timestamp: 1724210494,
      outcome: 'Yes',
    });
    expect(seen[0]?.url.pathname).toBe('/trades');
    expect(seen[0]?.url.searchParams.get('user')).toBe(docs.proxyWallet);
    expect(seen[0]?.url.searchParams.get('takerOnly')).toBe('false');
  });

  it('CLOB /data/orders: L2 headers signed over the path alone, next_cursor followed to LTE=', async () => {
    const { client, seen } = replaying((url) =>
      url.searchParams.get('next_cursor') === 'MTAw' ? docs.openOrdersPage2 : docs.openOrdersPage1,
    );
    const orders = await client.openOrders();
    expect(orders.map((o) => [o.id, o.side, o.size_matched, o.created_at])).toEqual([
      ['0xabcdef1234567890abcdef1234567890abcdef12', 'BUY', '0', 1700000000],
      ['0xfedcba0987654321fedcba0987654321fedcba09', 'SELL', '50000000', 1700000001],
    ]);
    expect(docs.openOrdersPage2.next_cursor).toBe(CLOB_END_CURSOR);
    expect(seen.map((s) => `${s.method} ${s.url.origin}${s.url.pathname}${s.url.search}`)).toEqual([
      'GET https://clob.polymarket.com/data/orders?next_cursor=MA%3D%3D',
      'GET https://clob.polymarket.com/data/orders?next_cursor=MTAw',
    ]);
    for (const s of seen) {
      expect(s.headers.get('POLY_ADDRESS')).toBe(creds.address);
      expect(s.headers.get('POLY_API_KEY')).toBe(creds.key);
      expect(s.headers.get('POLY_PASSPHRASE')).toBe(creds.passphrase);
      expect(s.headers.get('POLY_TIMESTAMP')).toBe('1700000000');
      expect(s.headers.get('POLY_SIGNATURE')).toBe(
        signL2(creds.secret, 1_700_000_000, 'GET', '/data/orders'),
      );
    }
  });

  it('Gamma /markets?condition_ids=…: each id as its own parameter, Polymarket’s saved answer read', async () => {
    const { client, seen } = replaying(() => docs.gammaMarkets);
    const [a, b] = docs.gammaMarkets.map((m) => m.conditionId) as [string, string];
    const markets = await client.marketsByConditionIds([a, b, a]);
    const url = seen[0]!.url;
    expect(`${url.origin}${url.pathname}`).toBe('https://gamma-api.polymarket.com/markets');
    expect(url.searchParams.getAll('condition_ids')).toEqual([a, b]);
    expect(markets.map((m) => [m.id, m.conditionId, m.closed])).toEqual([
      ['503051', a, false],
      ['500665', b, false],
    ]);
    const [m] = markets;
    expect(m).toMatchObject({ question: 'NVIDIA largest company in July?', active: true });
    expect(JSON.parse(m?.outcomes ?? '[]')).toEqual(['Yes', 'No']);
    expect(JSON.parse(m?.outcomePrices ?? '[]')).toEqual(['0.12', '0.88']);
    expect(JSON.parse(m?.clobTokenIds ?? '[]')).toEqual([
      '41773628807355604611259869562238271101058447112886342695423693538727885810044',
      '85384408245980885307542492589525110523370895012942727993857726624010743972899',
    ]);
  });
});
