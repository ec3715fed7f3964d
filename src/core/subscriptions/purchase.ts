import { desc, eq, sql } from 'drizzle-orm';
import { subscriptionQuotes, subscriptions } from '@/db/schema/index.ts';
import { payTreasury } from '../payments/pay-treasury.ts';
import { getTransfer, type TransferDeps } from '../transfers/index.ts';
import { type PurchaseRefusal, SubscriptionError } from './errors.ts';
import { addMonthsUtc } from './plans.ts';
import type { QuoteDeps, SubscriptionQuote } from './quote.ts';

export type PurchaseDeps = QuoteDeps & TransferDeps;
export type { PurchaseRefusal };

export type PurchaseResult =
  | {
      outcome: 'subscribed';
      quote: SubscriptionQuote;
      tier: 'pro' | 'premium';
      startDate: Date;
      endDate: Date;
      monthsPurchased: number;
      transferId: string;
    }
  | { outcome: 'refused'; quote: SubscriptionQuote; code: PurchaseRefusal; message: string };

const paymentKey = (quoteId: string) => `subscription:${quoteId}`;

/**
 * Pays a quote and starts or extends the subscription: the fixed UP amount goes from the
 * custodial wallet to the treasury (idempotency key `subscription:<quote id>`), then a period of
 * the plan's length starts at the later of now and the user's current end date. Replays return
 * the first result. Expired quotes, missing funds or no wallet are refusals that move nothing.
 */
export async function purchaseQuote(
  deps: PurchaseDeps,
  p: { userId: string; quoteId: string },
): Promise<PurchaseResult> {
  const quote = await loadQuote(deps, p);
  if (quote.state === 'refused') return refusal(quote);
  if (quote.state === 'open') {
    const started = await getTransfer(deps, { idempotencyKey: paymentKey(quote.id) });
    if (!started && deps.now() >= quote.expiresAt) {
      return {
        outcome: 'refused',
        quote,
        code: 'quote_expired',
        message: 'This price quote has expired. Ask for a new one; nothing was charged.',
      };
    }
    const paid = await payTreasury(deps, {
      userId: quote.xUserId,
      amount: quote.priceUp,
      idempotencyKey: paymentKey(quote.id),
    });
    if (!paid.ok) {
      const patch = {
        state: 'refused' as const,
        transferId: paid.transferId ?? null,
        refusalCode: paid.code,
        refusalMessage: paid.message,
      };
      await deps.db
        .update(subscriptionQuotes)
        .set(patch)
        .where(eq(subscriptionQuotes.id, quote.id));
      return refusal({ ...quote, ...patch });
    }
    await recordPeriod(deps, quote);
    await deps.db
      .update(subscriptionQuotes)
      .set({ state: 'paid', transferId: paid.transferId })
      .where(eq(subscriptionQuotes.id, quote.id));
    quote.state = 'paid';
    quote.transferId = paid.transferId;
  }
  const [period] = await deps.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.quoteId, quote.id));
  if (!period) throw new Error(`quote ${quote.id} is paid but has no subscription period`);
  return {
    outcome: 'subscribed',
    quote,
    tier: quote.tier,
    startDate: period.startDate,
    endDate: period.endDate,
    monthsPurchased: period.monthsPurchased,
    transferId: quote.transferId!,
  };
}

async function loadQuote(deps: PurchaseDeps, p: { userId: string; quoteId: string }) {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  const [quote] = uuid.test(p.quoteId)
    ? await deps.db.select().from(subscriptionQuotes).where(eq(subscriptionQuotes.id, p.quoteId))
    : [];
  if (!quote || quote.xUserId !== p.userId) {
    throw new SubscriptionError('quote_not_found', 'No such price quote for this user');
  }
  return quote;
}

const refusal = (quote: SubscriptionQuote): PurchaseResult => ({
  outcome: 'refused',
  quote,
  code: (quote.refusalCode ?? 'payment_rejected') as PurchaseRefusal,
  message: quote.refusalMessage ?? 'The payment was refused',
});

/**
 * One period per quote (unique quote_id). A per-user transaction lock orders concurrent
 * purchases, so each starts where the previous one ends instead of overlapping.
 */
async function recordPeriod(deps: PurchaseDeps, quote: SubscriptionQuote) {
  await deps.db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`subscriptions:${quote.xUserId}`}))`,
    );
    const [existing] = await tx
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(eq(subscriptions.quoteId, quote.id));
    if (existing) return;
    const [latest] = await tx
      .select({ endDate: subscriptions.endDate })
      .from(subscriptions)
      .where(eq(subscriptions.xUserId, quote.xUserId))
      .orderBy(desc(subscriptions.endDate))
      .limit(1);
    const now = deps.now();
    const startDate = latest && latest.endDate > now ? latest.endDate : now;
    await tx.insert(subscriptions).values({
      xUserId: quote.xUserId,
      tier: quote.tier,
      status: 'active',
      startDate,
      endDate: addMonthsUtc(startDate, quote.durationMonths),
      monthsPurchased: quote.durationMonths,
      quoteId: quote.id,
    });
  });
}
