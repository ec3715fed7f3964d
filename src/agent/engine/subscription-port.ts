import {
  createQuote,
  getActiveTier,
  hasPremiumBenefits,
  purchaseQuote,
  SubscriptionError,
} from '../../core/subscriptions/index.ts';
import type { AgentDeps } from '../deps.ts';
import type { SubscriptionPort } from './ports.ts';

/** Only a SubscriptionError is an answer for the author; anything else is retried. */
const refusalOf = (err: unknown) => {
  if (err instanceof SubscriptionError)
    return { ok: false as const, code: err.code, message: err.message };
  throw err;
};

/** The subscription services bound to the product, as the agent's engine sees them. */
export function createSubscriptionPort(deps: AgentDeps): SubscriptionPort {
  return {
    async quote(p) {
      try {
        const q = await createQuote(deps, {
          userId: p.userId,
          tier: p.tier,
          durationMonths: p.months,
          requestKey: p.requestKey,
        });
        return {
          ok: true,
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
    },
    async purchase(p) {
      try {
        const r = await purchaseQuote(deps, p);
        if (r.outcome === 'refused') return { ok: false, code: r.code, message: r.message };
        return { ok: true, endDate: r.endDate, transferId: r.transferId };
      } catch (err) {
        return refusalOf(err);
      }
    },
    async repliesFirst(p) {
      return hasPremiumBenefits(await getActiveTier(deps, p));
    },
  };
}
