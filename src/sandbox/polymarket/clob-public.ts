import { Hono } from 'hono';
import { outcomePriceAt } from './prices.ts';
import type { PolymarketTwinEnv } from './routes.ts';
import { conditionId, findToken, SEED_MARKETS, type SeedMarket, tokenId } from './seed.ts';

const TICK = 0.01;
const fix = (n: number) => String(Math.round(n * 1000) / 1000);
const OUTCOMES = ['Yes', 'No'] as const;

/** The CLOB's market object (clob-client types.ts `Market`, the fields a reader uses). */
function clobMarket(m: SeedMarket, at: Date) {
  return {
    condition_id: conditionId(m.key),
    question: m.question,
    market_slug: m.slug ?? '',
    active: !m.resolved,
    closed: Boolean(m.resolved),
    accepting_orders: !m.resolved,
    enable_order_book: true,
    minimum_tick_size: TICK,
    minimum_order_size: 5,
    neg_risk: false,
    end_date_iso: '2026-12-31T00:00:00Z',
    tokens: OUTCOMES.map((o) => ({
      token_id: tokenId(m.key, o),
      outcome: o,
      price: m.noPrice ? 0 : outcomePriceAt(m, o, at),
      winner: m.resolved === o,
    })),
  };
}

/**
 * Public CLOB market data (no auth): `/time`, `/markets`, `/markets/{id}`, `/book`, `/price`,
 * `/midpoint`, `/last-trade-price` (clob-client src/endpoints.ts; docs.polymarket.com
 * api-spec/clob-openapi.yaml). The book is one level a tick either side of the minute's price;
 * a market without a price, or resolved, has no book (the CLOB's 404 text).
 */
export function clobPublicRoutes(env: PolymarketTwinEnv) {
  const app = new Hono();
  // Unix seconds as a bare number: clob-client's useServerTime signs with it.
  app.get('/time', (c) => c.json(Math.floor(env.now().getTime() / 1000)));
  const listed = SEED_MARKETS.filter((m) => !m.unknown);
  app.get('/markets', (c) => {
    const cursor = c.req.query('next_cursor') ?? 'MA==';
    const offset = cursor === 'MA==' ? 0 : Number(Buffer.from(cursor, 'base64').toString());
    if (cursor === 'LTE=' || !Number.isInteger(offset) || offset < 0)
      return c.json({ error: 'invalid next_cursor' }, 400);
    const data = listed.slice(offset, offset + 500).map((m) => clobMarket(m, env.now()));
    const end = offset + 500 >= listed.length;
    const next = end ? 'LTE=' : Buffer.from(String(offset + 500)).toString('base64');
    return c.json({ limit: 500, count: data.length, next_cursor: next, data });
  });
  app.get('/markets/:id', (c) => {
    const m = listed.find((x) => conditionId(x.key) === c.req.param('id'));
    return m ? c.json(clobMarket(m, env.now())) : c.json({ error: 'market not found' }, 404);
  });
  /** The token's price of the minute, or why there is none. */
  const priced = (tokenIdQuery: string | undefined) => {
    const found = tokenIdQuery ? findToken(tokenIdQuery) : null;
    if (!found || found.market.noPrice || found.market.resolved) return null;
    return { ...found, price: outcomePriceAt(found.market, found.outcome, env.now()) };
  };
  const noBook = { error: 'No orderbook exists for the requested token id' };
  app.get('/book', (c) => {
    const t = priced(c.req.query('token_id'));
    if (!t) return c.json(noBook, 404);
    return c.json({
      market: conditionId(t.market.key),
      asset_id: c.req.query('token_id'),
      timestamp: String(env.now().getTime()),
      hash: conditionId(`${t.market.key}:${Math.floor(env.now().getTime() / 60_000)}`).slice(2, 42),
      bids: [{ price: fix(t.price - TICK), size: '100' }],
      asks: [{ price: fix(t.price + TICK), size: '100' }],
      min_order_size: '5',
      tick_size: String(TICK),
      neg_risk: false,
    });
  });
  app.get('/price', (c) => {
    const side = c.req.query('side');
    if (side !== 'BUY' && side !== 'SELL') return c.json({ error: 'Invalid side' }, 400);
    const t = priced(c.req.query('token_id'));
    if (!t) return c.json(noBook, 404);
    // BUY: the best bid, SELL: the best ask (the book's side the price is read from).
    return c.json({ price: fix(side === 'BUY' ? t.price - TICK : t.price + TICK) });
  });
  app.get('/midpoint', (c) => {
    const t = priced(c.req.query('token_id'));
    return t ? c.json({ mid: fix(t.price) }) : c.json(noBook, 404);
  });
  app.get('/last-trade-price', (c) => {
    const t = priced(c.req.query('token_id'));
    return t ? c.json({ price: fix(t.price), side: 'BUY' }) : c.json(noBook, 404);
  });
  return app;
}
