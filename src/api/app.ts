import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ApiDeps } from './deps.ts';
import { rejectUncleanUrl } from './http/clean-text.ts';
import { errorBody, handleError } from './http/error-handler.ts';
import { FastJsonRoutes } from './http/fast-json.ts';
import { type MetricsEndpoint, metricsHandler, observeRequests } from './http/metrics.ts';
import { rateLimits } from './http/rate-limits.ts';
import { sameOriginOnly } from './http/same-origin.ts';
import { securityHeaders } from './http/security-headers.ts';
import { activityRoutes } from './routes/activity.ts';
import { agentRoutes, receiptRoutes } from './routes/agent.ts';
import { analysesRoutes } from './routes/analyses.ts';
import { analyticsRoutes } from './routes/analytics.ts';
import { authRoutes } from './routes/auth.ts';
import { digitalEvidenceRoutes } from './routes/digital-evidence.ts';
import { externalRoutes } from './routes/external.ts';
import { healthRoutes } from './routes/health.ts';
import { leaderboardRoutes } from './routes/leaderboard.ts';
import { tweetRoutes } from './routes/live-posts.ts';
import { polymarketRoutes } from './routes/polymarket.ts';
import { premiumUsersRoutes } from './routes/premium-users.ts';
import { rewardsRoutes } from './routes/rewards.ts';
import { subscriptionPricingRoutes, subscriptionRoutes } from './routes/subscriptions.ts';
import { twitterRoutes } from './routes/twitter.ts';
import { videoRoutes } from './routes/videos.ts';
import { walletsRoutes } from './routes/wallets.ts';
import { xWebhookRoutes } from './routes/x-webhook.ts';
import { cardRoutes } from './share/card-routes.ts';
import { sharePageRoutes } from './share/page-routes.ts';
import { loadSite, pageHeaders } from './site/site.ts';
import { spaRoutes } from './site/spa.ts';
import type { StaticSite } from './site/static-site.ts';

export { loadSite, pageHeaders };

export interface CreateAppOptions {
  /** Built SPA folder; defaults to ./dist/web. */
  distDir?: string;
  /** Extra sub-apps mounted before the SPA fallback (the sandbox, in sandbox mode). */
  mounts?: { path: string; app: Hono }[];
  /** The built SPA already loaded in memory (the server's fast path shares it). */
  site?: StaticSite | null;
  /** Where poll routes register their stored bodies for the server's fast path. */
  polls?: FastJsonRoutes;
  /** `GET /metrics` (its token and text); without it, or without a token, /metrics is a 404. */
  metrics?: MetricsEndpoint;
}

/** The HTTP surface of the product: `/api/*`, optional mounts, then the SPA for everything else. */
export function createApp(deps: ApiDeps, opts: CreateAppOptions = {}) {
  const app = new Hono();
  const polls = opts.polls ?? new FastJsonRoutes();
  const plausibleOrigin = deps.config.plausible ? [new URL(deps.config.plausible.url).origin] : [];
  app.use('*', observeRequests());
  app.use('*', securityHeaders({ connectSrc: plausibleOrigin }));
  app.onError((err, c) => handleError(err, c, deps.logger));

  const api = new Hono();
  // Outside projects call /api/external/* server to server with an API key, never cookies.
  api.use(
    '*',
    sameOriginOnly(deps.config.publicUrl, {
      exemptPrefixes: ['/api/external/', '/api/polymarket/analyses', '/api/x/webhook'],
    }),
  );
  api.use('*', rateLimits(deps));
  api.use('*', bodyLimit({ maxSize: 256 * 1024 }));
  api.use('*', rejectUncleanUrl);
  // Answers about a signed-in user must never sit in a shared or browser cache. Public poll
  // endpoints set their own Cache-Control (ETag + revalidation) and keep it.
  api.use('*', async (c, next) => {
    await next();
    if (!c.res.headers.has('cache-control')) c.res.headers.set('cache-control', 'no-store');
  });
  api.route('/health', healthRoutes(deps, polls));
  api.route('/analytics', analyticsRoutes(deps));
  api.route('/auth', authRoutes(deps));
  api.route('/twitter', twitterRoutes(deps));
  api.route('/external/v1', externalRoutes(deps));
  api.route('/agent', agentRoutes(deps, polls));
  api.route('/receipts', receiptRoutes(deps));
  api.route('/x/webhook', xWebhookRoutes(deps));
  api.route('/analyses', analysesRoutes(deps));
  api.route('/videos', videoRoutes(deps));
  api.route('/activity', activityRoutes(deps));
  api.route('/', walletsRoutes({ holders: deps.holders, now: deps.now }, polls));
  api.route('/leaderboard', leaderboardRoutes(deps, polls));
  api.route('/polymarket', polymarketRoutes(deps));
  api.route('/rewards', rewardsRoutes(deps));
  api.route('/digital-evidence', digitalEvidenceRoutes(deps));
  api.route('/', tweetRoutes(deps));
  api.route('/subscription-pricing', subscriptionPricingRoutes(deps));
  api.route('/premium-users', premiumUsersRoutes(deps));
  api.route('/subscriptions', subscriptionRoutes(deps));
  api.route('/cards', cardRoutes(deps));
  api.all('*', (c) =>
    c.json(errorBody('not_found', `No API route ${c.req.method} ${c.req.path}`), 404),
  );
  app.route('/api', api);
  app.get('/metrics', metricsHandler(opts.metrics));

  for (const mount of opts.mounts ?? []) app.route(mount.path, mount.app);

  const site = opts.site !== undefined ? opts.site : loadSite(deps, opts.distDir);
  app.route('/', sharePageRoutes(deps, site));
  app.route('/', spaRoutes(site));
  return app;
}
