import { createHash, timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { getPortfolio, readValueHistory, saveBotAnalysis } from '@/core/portfolio/index.ts';
import { hasActiveSubscription } from '@/core/subscriptions/index.ts';
import type { PortfolioResponse, ValueHistory } from '@/shared/portfolio.ts';
import { analysisInputSchema } from '@/shared/portfolio-analysis-input.ts';
import type { ApiDeps } from '../deps.ts';
import { createCachedJson } from '../http/cached-json.ts';
import { AppError, unauthorized } from '../http/errors.ts';
import { type AuthEnv, loadSession } from '../http/session.ts';
import { readJson } from '../http/validate.ts';
import { appendVary } from '../http/vary.ts';

/** Largest analysis body accepted (the markdown fields' own limits sum below this). */
const ANALYSIS_BODY_LIMIT = 64 * 1024;
const HISTORY_DAYS = 30;

const sha256 = (s: string) => createHash('sha256').update(s).digest();

/**
 * The prediction-market portfolio. GET serves one of two pre-computed bodies: the subscriber's
 * (every analysis) or everyone else's (gated on the server: the first analysis in full, teasers
 * elsewhere). POST /analyses is the bot's ingestion, with a key whose SHA-256 is in config.
 */
export function polymarketRoutes(deps: ApiDeps) {
  const cfg = deps.config.polymarket;
  const source = {
    db: deps.db,
    configured: cfg.proxyWallet !== null,
    marketBaseUrl: cfg.marketUrl,
  };
  const variant = (fullAccess: boolean) =>
    createCachedJson({
      name: fullAccess ? 'portfolio (subscriber)' : 'portfolio',
      compute: (): Promise<PortfolioResponse> => getPortfolio(source, { fullAccess }),
      intervalMs: 5_000,
      now: deps.now,
      logger: deps.logger,
    });
  const full = variant(true);
  const gated = variant(false);

  const app = new Hono<AuthEnv>();
  app.use('/portfolio', loadSession(deps));
  app.get('/portfolio', async (c) => {
    const user = c.get('user');
    const subscriber = user ? await hasActiveSubscription(deps, { userId: user.xUserId }) : false;
    const res = await (subscriber ? full : gated).respond(c);
    // The two bodies differ per user: never let a shared cache hand one to the other. Added to
    // the cached body's own Vary (its encoding), which a header set on the context would lose.
    appendVary(res.headers, 'Cookie');
    res.headers.set('Cache-Control', 'private, no-cache');
    return res;
  });

  app.get('/value-history', async (c) => {
    const since = new Date(deps.now().getTime() - HISTORY_DAYS * 86_400_000);
    return c.json({ points: await readValueHistory(deps.db, since) } satisfies ValueHistory);
  });

  app.post(
    '/analyses',
    bodyLimit({
      maxSize: ANALYSIS_BODY_LIMIT,
      onError: () => {
        throw new AppError(
          413,
          'payload_too_large',
          `Analysis bodies are limited to ${ANALYSIS_BODY_LIMIT} bytes`,
        );
      },
    }),
    async (c) => {
      const expected = cfg.analysesKeySha256;
      if (!expected)
        throw new AppError(
          403,
          'ingestion_disabled',
          'Analysis ingestion is not configured on this server',
        );
      const key = /^Bearer (.+)$/.exec(c.req.header('authorization') ?? '')?.[1] ?? '';
      if (!key || !timingSafeEqual(sha256(key), Buffer.from(expected, 'hex'))) {
        throw unauthorized(
          'A valid analysis key is required (Authorization: Bearer <key>)',
          'invalid_key',
        );
      }
      const input = await readJson(c, analysisInputSchema);
      const row = await saveBotAnalysis(deps, input);
      await Promise.all([full.refresh(), gated.refresh()]);
      return c.json(
        { asset_id: row.assetId, source: row.source, updatedAt: row.updatedAt.toISOString() },
        201,
      );
    },
  );
  return app;
}
