import { Hono } from 'hono';
import { z } from 'zod';
import { installFaults } from '../faults/routes.ts';
import type { SandboxContext, SandboxService } from '../sandbox-service.ts';
import { lastUpdatedAt, type PriceModel, priceAt } from './price-model.ts';

export const MARKET_SANDBOX_PATH = '/sandbox/market';
const COIN_ID = 'upsider';
/**
 * DAG and DOR (config-premium.ts SANDBOX_TOKEN_COIN_IDS), for token analyses: fixed anchors,
 * drifting like UP's. Not settable: nothing is bought with them.
 */
const TOKEN_COINS: Record<string, number> = { 'constellation-labs': 0.032, dor: 0.0085 };

const setPriceBody = z.object({
  usd: z.number().positive().max(1_000_000),
  driftPercent: z.number().min(0).max(50).optional(),
  /** Seconds ago the feed last updated (simulates a stale price); 0 or absent = live. */
  staleSeconds: z
    .number()
    .int()
    .min(0)
    .max(365 * 86400)
    .optional(),
});

/**
 * The local market-data API: CoinGecko's `GET /api/v3/simple/price` for the UP coin
 * (`ids=upsider&vs_currencies=usd&include_last_updated_at=true`), DAG (`constellation-labs`)
 * and DOR (`dor`), plus
 * `POST /_admin/price {usd, driftPercent?, staleSeconds?}` to set it.
 * It keeps no tables and reads no settings: the clock and where it is mounted are all it takes.
 */
export function createMarketSandbox(
  ctx: Pick<SandboxContext, 'now' | 'publicUrl'> &
    Partial<Pick<SandboxContext, 'database' | 'setTimer'>>,
): SandboxService {
  const now = () => ctx.now().getTime();
  const model: PriceModel = { anchorUsd: 0.05, anchorAt: now(), driftPercent: 3, frozenAt: null };
  const startedAt = now();
  // Each token's cycle starts at its own phase, so the three do not move in step.
  const tokenModels = new Map<string, PriceModel>(
    Object.entries(TOKEN_COINS).map(([id, usd], i) => [
      id,
      {
        anchorUsd: usd,
        anchorAt: startedAt - (i + 1) * 80 * 60_000,
        driftPercent: 4,
        frozenAt: null,
      },
    ]),
  );
  const app = new Hono();
  // Without a database (unit tests of the price model) the market has no fault switch.
  if (ctx.database) {
    const db = ctx.database.db;
    installFaults(app, {
      db,
      service: 'market',
      basePath: MARKET_SANDBOX_PATH,
      setTimer: ctx.setTimer,
    });
  }

  app.get('/api/v3/simple/price', (c) => {
    const ids = (c.req.query('ids') ?? '').split(',').map((s) => s.trim().toLowerCase());
    const currencies = (c.req.query('vs_currencies') ?? '').split(',').map((s) => s.trim());
    if (!c.req.query('vs_currencies')) {
      return c.json({ error: 'Missing parameter vs_currencies' }, 400);
    }
    const body: Record<string, Record<string, number>> = {};
    const t = now();
    for (const id of ids) {
      const m = id === COIN_ID ? model : tokenModels.get(id);
      if (!m) continue;
      const entry: Record<string, number> = {};
      if (currencies.includes('usd')) entry.usd = priceAt(m, t);
      if (c.req.query('include_24hr_change') === 'true') {
        const before = priceAt(m, t - 24 * 60 * 60 * 1000);
        entry.usd_24h_change = Number((((entry.usd ?? 0) / before - 1) * 100).toFixed(6));
      }
      if (c.req.query('include_last_updated_at') === 'true') {
        entry.last_updated_at = lastUpdatedAt(m, t);
      }
      body[id] = entry;
    }
    return c.json(body);
  });

  // The landing page's market link in sandbox mode: this feed's UP price, labelled as the sandbox.
  app.get('/', (c) => {
    const t = now();
    const usd = priceAt(model, t).toPrecision(4);
    const at = new Date(lastUpdatedAt(model, t) * 1000).toISOString();
    return c.html(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>UP market (sandbox)</title></head><body style="font-family:system-ui;background:#0b1020;color:#e2e8f0;padding:2rem"><h1>UP market data (sandbox)</h1><p>1 UP = $${usd} (updated ${at}).</p><p>This is the local market-data twin; production links to the real market page (MARKET_DATA_URL). API: <code>${MARKET_SANDBOX_PATH}/api/v3/simple/price?ids=${COIN_ID}&amp;vs_currencies=usd</code></p></body></html>`,
    );
  });
  app.get('/_admin/price', (c) => c.json(status()));
  app.post('/_admin/price', async (c) => {
    const parsed = setPriceBody.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) {
      return c.json({ error: { code: 'invalid_request', message: parsed.error.message } }, 400);
    }
    const t = now();
    model.anchorUsd = parsed.data.usd;
    model.anchorAt = t;
    model.driftPercent = parsed.data.driftPercent ?? model.driftPercent;
    model.frozenAt = parsed.data.staleSeconds ? t - parsed.data.staleSeconds * 1000 : null;
    return c.json(status());
  });

  // CoinGecko answers a path it does not serve with a 404 and a JSON `error` naming the path as
  // wrong (api.coingecko.com, e.g. GET /api/v3/nope); never the web app's HTML (issue 42).
  app.all('*', (c) =>
    c.json({ error: 'Incorrect path. Please check https://docs.coingecko.com/' }, 404),
  );

  function status() {
    const t = now();
    return {
      coinId: COIN_ID,
      apiBaseUrl: `${ctx.publicUrl}${MARKET_SANDBOX_PATH}/api/v3`,
      usd: priceAt(model, t),
      lastUpdatedAt: lastUpdatedAt(model, t),
      driftPercent: model.driftPercent,
      setPrice: `POST ${ctx.publicUrl}${MARKET_SANDBOX_PATH}/_admin/price {usd, driftPercent?, staleSeconds?}`,
    };
  }

  return { name: 'market', path: MARKET_SANDBOX_PATH, app, describe: status };
}
