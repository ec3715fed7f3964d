import { Hono } from 'hono';
import { loadTrades, openOrders } from './book.ts';
import { clobL2Auth } from './clob-auth.ts';
import { clobKeyRoutes, createClobAccounts } from './clob-keys.ts';
import { clobPublicRoutes } from './clob-public.ts';
import type { PolymarketTwinEnv } from './routes.ts';
import { conditionId, tokenId } from './seed.ts';

/** Cursors are base64 offsets, as the CLOB's look; `LTE=` ends the list. */
const PAGE = 2;
const encodeCursor = (offset: number) => Buffer.from(String(offset)).toString('base64');

function page<T>(all: T[], cursor: string | undefined) {
  const at = cursor ?? 'MA==';
  const offset = Number(Buffer.from(at, 'base64').toString());
  if (at === 'LTE=' || !Number.isInteger(offset) || offset < 0) return null;
  const data = all.slice(offset, offset + PAGE);
  const next = offset + PAGE >= all.length ? 'LTE=' : encodeCursor(offset + PAGE);
  return { limit: PAGE, count: data.length, next_cursor: next, data };
}

/** The query filters `/data/orders` and `/data/trades` take (clob-client OpenOrderParams/TradeParams). */
const matches = (
  q: Record<string, string>,
  row: { id: string; market: string; asset_id: string },
) =>
  (!q.id || q.id === row.id) &&
  (!q.market || q.market === row.market) &&
  (!q.asset_id || q.asset_id === row.asset_id);

/**
 * CLOB: public market data, API keys behind L1 (EIP-712), and the account's open orders and
 * trades behind L2 HMAC, cursor paged. Only the bot's key has a book; a derived key has none.
 */
export function clobRoutes(env: PolymarketTwinEnv) {
  const accounts = createClobAccounts(env.account);
  const app = new Hono();
  app.route('/', clobPublicRoutes(env));
  app.route('/auth', clobKeyRoutes(accounts, env.now));
  app.use('/data/*', clobL2Auth(accounts.byKey, env.now));
  const isBot = (key: string | undefined) => key === env.account.key;
  app.get('/data/orders', (c) => {
    const q = c.req.query();
    const all = isBot(c.req.header('POLY_API_KEY'))
      ? openOrders(env.account.key, env.account.address, env.startedAt)
      : [];
    const out = page(
      all.filter((o) => matches(q, o)),
      q.next_cursor,
    );
    return out ? c.json(out) : c.json({ error: 'invalid next_cursor' }, 400);
  });
  app.get('/data/trades', async (c) => {
    const q = c.req.query();
    const trades = isBot(c.req.header('POLY_API_KEY'))
      ? await loadTrades(env.db, env.startedAt)
      : [];
    const all = trades.reverse().map((t, i) => {
      const seconds = String(Math.floor(t.at.getTime() / 1000));
      return {
        id: `trade-${trades.length - i}`,
        taker_order_id: `0x${(trades.length - i).toString(16).padStart(64, '0')}`,
        market: conditionId(t.market.key),
        asset_id: tokenId(t.market.key, t.outcome),
        side: t.side,
        size: String(t.size),
        fee_rate_bps: '0',
        price: String(t.price),
        status: 'CONFIRMED',
        match_time: seconds,
        last_update: seconds,
        outcome: t.outcome,
        bucket_index: 0,
        owner: env.account.key,
        maker_address: env.account.address,
        maker_orders: [],
        transaction_hash: `0x${'0'.repeat(64)}`,
        trader_side: 'TAKER',
      };
    });
    const out = page(
      all.filter((t) => matches(q, t)),
      q.next_cursor,
    );
    return out ? c.json(out) : c.json({ error: 'invalid next_cursor' }, 400);
  });
  return app;
}
