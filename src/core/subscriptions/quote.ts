import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { subscriptionQuotes } from '@/db/schema/index.ts';
import type { MarketClient } from '@/integrations/market/index.ts';
import { MarketDataError } from '@/integrations/market/index.ts';
import { SubscriptionError } from './errors.ts';
import { MAX_DURATION_MONTHS, type PaidTier, planFor } from './plans.ts';

export interface QuoteDeps {
  db: Db;
  now: () => Date;
  market: MarketClient;
  config: {
    market: { maxAgeMs: number };
    subscriptions: { monthlyUsd: Record<PaidTier, number>; quoteTtlMs: number };
  };
}

/** The UP/USD price if it is fresh enough to sell at; a clear refusal otherwise. */
export async function sellableUpPrice(deps: Omit<QuoteDeps, 'db'>): Promise<number> {
  let price: Awaited<ReturnType<MarketClient['getUpPrice']>>;
  try {
    price = await deps.market.getUpPrice();
  } catch (err) {
    if (!(err instanceof MarketDataError)) throw err;
    // A price outside the feed's sanity band is as good as none: nothing is sold at it.
    const implausible = err.code === 'market_price_out_of_band';
    throw new SubscriptionError(
      'price_unavailable',
      implausible
        ? 'The UP price from the market feed looks wrong right now, so nothing can be bought. Try again later.'
        : 'The UP price is unavailable right now, so nothing can be bought. Try again in a few minutes.',
    );
  }
  const age = deps.market.ageMs(price);
  if (age > deps.config.market.maxAgeMs) {
    const minutes = Math.floor(age / 60_000);
    throw new SubscriptionError(
      'price_stale',
      `The UP price is out of date (last updated ${minutes} minutes ago), so nothing can be bought right now. Try again in a few minutes.`,
    );
  }
  return price.usd;
}

export type SubscriptionQuote = typeof subscriptionQuotes.$inferSelect;

/**
 * Fixes the UP amount of a plan at the current price for the quote's lifetime. With a
 * `requestKey` the first quote for that key is returned again (whatever the price now).
 */
export async function createQuote(
  deps: QuoteDeps,
  p: { userId: string; tier: PaidTier; durationMonths: number; requestKey?: string },
): Promise<SubscriptionQuote> {
  if (p.requestKey) {
    const [earlier] = await deps.db
      .select()
      .from(subscriptionQuotes)
      .where(eq(subscriptionQuotes.requestKey, p.requestKey));
    if (earlier) return earlier;
  }
  if (p.tier !== 'pro' && p.tier !== 'premium') {
    throw new SubscriptionError('invalid_plan', 'Plans are pro or premium');
  }
  const months = p.durationMonths;
  if (!Number.isInteger(months) || months < 1 || months > MAX_DURATION_MONTHS) {
    throw new SubscriptionError('invalid_plan', `A plan lasts 1 to ${MAX_DURATION_MONTHS} months`);
  }
  const upUsd = await sellableUpPrice(deps);
  const plan = planFor(deps.config.subscriptions.monthlyUsd, p.tier, months, upUsd);
  const expiresAt = new Date(deps.now().getTime() + deps.config.subscriptions.quoteTtlMs);
  const [row] = await deps.db
    .insert(subscriptionQuotes)
    .values({
      xUserId: p.userId,
      tier: p.tier,
      durationMonths: months,
      priceUsd: plan.priceUSD,
      upUsd,
      priceUp: plan.priceUpUnits,
      expiresAt,
      requestKey: p.requestKey ?? null,
    })
    .onConflictDoNothing()
    .returning();
  if (row) return row;
  // Another run of the same request inserted first: its quote is the one.
  const [first] = await deps.db
    .select()
    .from(subscriptionQuotes)
    .where(eq(subscriptionQuotes.requestKey, p.requestKey!));
  return first!;
}
