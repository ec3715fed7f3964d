import { Hono } from 'hono';
import { z } from 'zod';
import type { Db } from '@/db/client.ts';
import { polymarketTrades } from '../db/schema/index.ts';
import { loadTrades, positionsFrom, tradesFrom } from './book.ts';
import type { ClobAccount } from './clob-auth.ts';
import { inMarkets, positionSort, sortPositions } from './position-sort.ts';
import { outcomePriceAt } from './prices.ts';
import { conditionId, findToken, SEED_MARKETS, tokenId } from './seed.ts';

export interface PolymarketTwinEnv {
  db: Db;
  now: () => Date;
  startedAt: Date;
  proxyWallet: string;
  account: ClobAccount;
}

const userQuery = z.string().regex(/^0x[a-fA-F0-9]{40}$/);
const intIn = (min: number, max: number, dflt: number) =>
  z.coerce.number().int().min(min).max(max).default(dflt);
const pageQuery = z.object({
  user: userQuery,
  limit: intIn(0, 500, 100),
  offset: intIn(0, 10_000, 0),
});

/** Data API: `/positions` and `/trades` of a user, limit/offset paged; the bot is the only user with a book. */
export function dataRoutes(env: PolymarketTwinEnv) {
  const app = new Hono();
  const read = (q: Record<string, string>) => pageQuery.safeParse(q);
  const isBot = (user: string) => user.toLowerCase() === env.proxyWallet.toLowerCase();
  app.get('/positions', async (c) => {
    const q = read(c.req.query());
    if (!q.success) return c.json({ error: 'invalid query: user must be a 0x address' }, 400);
    const threshold = Number(c.req.query('sizeThreshold') ?? 1);
    const all = isBot(q.data.user)
      ? positionsFrom(await loadTrades(env.db, env.startedAt), env.proxyWallet, env.now())
      : [];
    const sort = positionSort.safeParse(c.req.query());
    if (!sort.success)
      return c.json({ error: `invalid query: ${sort.error.issues[0]?.path}` }, 400);
    const kept = sortPositions(
      all.filter((p) => p.size >= threshold && inMarkets(p.conditionId, c.req.query('market'))),
      sort.data,
    );
    return c.json(kept.slice(q.data.offset, q.data.offset + q.data.limit));
  });
  app.get('/trades', async (c) => {
    const q = read(c.req.query());
    if (!q.success) return c.json({ error: 'invalid query: user must be a 0x address' }, 400);
    const all = isBot(q.data.user)
      ? tradesFrom(await loadTrades(env.db, env.startedAt), env.proxyWallet)
      : [];
    return c.json(all.slice(q.data.offset, q.data.offset + q.data.limit));
  });
  return app;
}

/** Gamma: `/markets` by condition_ids, clob_token_ids or slug, with its JSON-encoded string fields. */
export function gammaRoutes(env: PolymarketTwinEnv) {
  const app = new Hono();
  app.get('/markets', (c) => {
    const ids = new Set(c.req.queries('condition_ids') ?? []);
    const tokens = new Set(c.req.queries('clob_token_ids') ?? []);
    const slugs = new Set(c.req.queries('slug') ?? []);
    const any = ids.size + tokens.size + slugs.size > 0;
    const limit = Math.min(Number(c.req.query('limit') ?? 100) || 100, 500);
    const markets = SEED_MARKETS.filter((m) => !m.unknown)
      .filter(
        (m) =>
          !any ||
          ids.has(conditionId(m.key)) ||
          tokens.has(tokenId(m.key, 'Yes')) ||
          tokens.has(tokenId(m.key, 'No')) ||
          (m.slug !== null && slugs.has(m.slug)),
      )
      .slice(0, limit)
      .map((m, i) => ({
        id: String(500_000 + i),
        question: m.question,
        slug: m.slug ?? '',
        conditionId: conditionId(m.key),
        outcomes: JSON.stringify(['Yes', 'No']),
        // A market without a price has none here either (as Gamma sends for a market with no
        // book): otherwise the product would price it from Gamma and the '-' state never shows.
        outcomePrices: m.noPrice
          ? undefined
          : JSON.stringify(
              (['Yes', 'No'] as const).map((o) => String(outcomePriceAt(m, o, env.now()))),
            ),
        // Chosen by version even when both could be present (Polymarket's V2 migration guide).
        ...(m.v2
          ? { version: 'v2', positionIds: [tokenId(m.key, 'Yes'), tokenId(m.key, 'No')] }
          : {
              version: 'v1',
              clobTokenIds: JSON.stringify([tokenId(m.key, 'Yes'), tokenId(m.key, 'No')]),
            }),
        endDate: '2026-12-31T00:00:00Z',
        active: !m.resolved,
        closed: Boolean(m.resolved),
        enableOrderBook: true,
        negRisk: false,
      }));
    return c.json(markets);
  });
  return app;
}

const tradeBody = z.object({
  asset: z.string().min(1),
  side: z.enum(['BUY', 'SELL']),
  size: z.number().positive().max(1e9),
  price: z.number().min(0).max(1),
});

/** Admin: add a trade of the bot (changes its positions and trade counts). */
export function adminRoutes(env: PolymarketTwinEnv) {
  const app = new Hono();
  app.get('/tokens', (c) =>
    c.json(
      SEED_MARKETS.flatMap((m) =>
        (['Yes', 'No'] as const).map((o) => ({
          market: m.question || m.key,
          outcome: o,
          asset: tokenId(m.key, o),
        })),
      ),
    ),
  );
  app.post('/trades', async (c) => {
    const body = tradeBody.safeParse(await c.req.json().catch(() => null));
    if (!body.success)
      return c.json({ error: 'body must be {asset, side: BUY|SELL, size > 0, price 0..1}' }, 400);
    if (!findToken(body.data.asset))
      return c.json({ error: 'unknown asset (see GET _admin/tokens)' }, 404);
    const [row] = await env.db
      .insert(polymarketTrades)
      .values({ ...body.data, createdAt: env.now() })
      .returning();
    return c.json({ trade: row }, 201);
  });
  return app;
}
