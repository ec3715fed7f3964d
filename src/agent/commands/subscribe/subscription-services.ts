import { createQuote, purchaseQuote, SubscriptionError } from '@/core/subscriptions/index.ts';
import type { AgentContext } from '../../context.ts';

/** Only a SubscriptionError is an answer for the author; anything else is retried. */
const refusalOf = (err: unknown) => {
  if (err instanceof SubscriptionError)
    return { ok: false as const, code: err.code, message: err.message };
  throw err;
};

/** The same quote the web uses (core/subscriptions), or the service's refusal in its own words. */
export async function quotePlan(
  ctx: AgentContext,
  p: { userId: string; tier: 'pro' | 'premium'; months: number; requestKey: string },
) {
  try {
    const q = await createQuote(ctx, {
      userId: p.userId,
      tier: p.tier,
      durationMonths: p.months,
      requestKey: p.requestKey,
    });
    return {
      ok: true as const,
      quoteId: q.id,
      tier: q.tier,
      months: q.durationMonths,
      priceUp: q.priceUp,
      priceUsd: q.priceUsd,
      upUsd: q.upUsd,
      expiresAt: q.expiresAt,
    };
  } catch (err) {
    return refusalOf(err);
  }
}

/** Pays a quote (idempotent: a re-run pays nothing more), or the service's refusal. */
export async function buyPlan(ctx: AgentContext, p: { userId: string; quoteId: string }) {
  try {
    const r = await purchaseQuote(ctx, p);
    if (r.outcome === 'refused') return { ok: false as const, code: r.code, message: r.message };
    return { ok: true as const, endDate: r.endDate, transferId: r.transferId };
  } catch (err) {
    return refusalOf(err);
  }
}
