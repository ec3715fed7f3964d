import { Hono } from 'hono';
import { z } from 'zod';
import {
  createQuote,
  listPlans,
  purchaseQuote,
  SubscriptionError,
  type SubscriptionQuote,
  sellableUpPrice,
} from '@/core/subscriptions/index.ts';
import type { Pricing, Purchase, Quote } from '@/shared/premium/contract.ts';
import { unitsToNumber } from '@/shared/units.ts';
import type { ApiDeps } from '../deps.ts';
import { type AuthEnv, currentUser, loadSession, requireUser } from '../http/session.ts';
import { readJson } from '../http/validate.ts';

const quoteView = (q: SubscriptionQuote): Quote => ({
  quoteId: q.id,
  tier: q.tier,
  durationMonths: q.durationMonths,
  priceUSD: q.priceUsd,
  upTokenPrice: q.upUsd,
  priceUP: unitsToNumber(q.priceUp),
  priceUpBaseUnits: q.priceUp.toString(),
  expiresAt: q.expiresAt.toISOString(),
});

/** GET /api/subscription-pricing: the plans at the current UP price (premium contract). */
export function subscriptionPricingRoutes(deps: ApiDeps) {
  return new Hono().get('/', async (c) => {
    const upTokenPrice = await sellableUpPrice(deps);
    c.header('Cache-Control', 'public, max-age=30');
    return c.json({
      plans: listPlans(deps.config.subscriptions.monthlyUsd, upTokenPrice),
      upTokenPrice,
    } satisfies Pricing);
  });
}

/** Buying from the web: POST /quote fixes the UP amount, POST /purchase pays that quote. */
export function subscriptionRoutes(deps: ApiDeps) {
  const app = new Hono<AuthEnv>();
  app.use('*', loadSession(deps));
  app.post('/quote', requireUser, async (c) => {
    const body = await readJson(
      c,
      z.object({
        tier: z.enum(['pro', 'premium']),
        durationMonths: z.number().int().min(1).max(12),
      }),
    );
    const user = currentUser(c);
    const quote = await createQuote(deps, { userId: user.xUserId, ...body });
    return c.json(quoteView(quote), 201);
  });
  app.post('/purchase', requireUser, async (c) => {
    const body = await readJson(c, z.object({ quoteId: z.string().min(1).max(100) }));
    const user = currentUser(c);
    const result = await purchaseQuote(deps, { userId: user.xUserId, quoteId: body.quoteId });
    if (result.outcome === 'refused') throw new SubscriptionError(result.code, result.message);
    return c.json({
      tier: result.tier,
      startDate: result.startDate.toISOString(),
      endDate: result.endDate.toISOString(),
      monthsPurchased: result.monthsPurchased,
      transferId: result.transferId,
      quote: quoteView(result.quote),
    } satisfies Purchase);
  });
  return app;
}
