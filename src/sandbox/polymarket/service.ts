import { Hono } from 'hono';
import { installFaults } from '../faults/routes.ts';
import type { SandboxContext, SandboxService } from '../sandbox-service.ts';
import { clobRoutes } from './clob-routes.ts';
import { adminRoutes, dataRoutes, gammaRoutes, type PolymarketTwinEnv } from './routes.ts';

const BASE_PATH = '/sandbox/polymarket';

/**
 * The local Polymarket: Data API (`/data`), CLOB (`/clob`, public, L1 and L2) and Gamma (`/gamma`) with the
 * real paths and shapes, serving the bot's seeded book at prices that drift each minute.
 */
export function createPolymarketSandbox(ctx: SandboxContext): SandboxService {
  const cfg = ctx.config.polymarket;
  if (!cfg.clob || !cfg.proxyWallet)
    throw new Error('sandbox Polymarket needs a proxy wallet and CLOB credentials');
  const env: PolymarketTwinEnv = {
    db: ctx.database.db,
    now: () => ctx.now(),
    startedAt: ctx.now(),
    proxyWallet: cfg.proxyWallet,
    account: cfg.clob,
  };
  const app = new Hono();
  // Polymarket's APIs answer errors as `{error: message}`.
  installFaults(app, {
    db: env.db,
    service: 'polymarket',
    setTimer: ctx.setTimer,
    basePath: BASE_PATH,
    answer: (c, status) => c.json({ error: `injected fault (${status})` }, status as 500),
  });
  app.route('/data', dataRoutes(env));
  app.route('/clob', clobRoutes(env));
  app.route('/gamma', gammaRoutes(env));
  app.route('/_admin', adminRoutes(env));
  app.all('*', (c) => c.json({ error: 'not found' }, 404));
  const base = `${ctx.publicUrl}${BASE_PATH}`;
  return {
    name: 'polymarket',
    path: BASE_PATH,
    app,
    describe: () => ({
      description:
        'Local Polymarket: Data API positions/trades, CLOB public market data, API keys (L1) and open orders/trades (L2 HMAC), Gamma markets (V1 and V2); the bot’s book drifts each minute.',
      dataUrl: `${base}/data`,
      clobUrl: `${base}/clob`,
      gammaUrl: `${base}/gamma`,
      proxyWallet: env.proxyWallet,
      clobAddress: env.account.address,
      clobApiKey: env.account.key,
      clobSecret: env.account.secret,
      clobPassphrase: env.account.passphrase,
      addTrade: `POST ${base}/_admin/trades {asset, side, size, price}`,
      tokens: `${base}/_admin/tokens`,
    }),
  };
}
