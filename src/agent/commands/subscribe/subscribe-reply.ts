import { formatLongDate } from '@/shared/format.ts';
import type { Outcome, PlanOffer } from '../../engine/outcome.ts';
import { amt, type ReplyContext, receiptLink, receiptRef } from '../../replies/reply-words.ts';

const planText = (o: PlanOffer) =>
  `${o.tier === 'pro' ? 'Pro' : 'Premium'} for ${o.months} month${o.months === 1 ? '' : 's'}`;
/** The UP amount as displayed (its receipt has the exact figure), the USD price and the UP price. */
const priceText = (o: PlanOffer) =>
  `${amt(o.priceUp, 'UP')} ($${o.priceUsd.toFixed(2)} at $${o.upUsd.toPrecision(4)}/UP)`;

export function subscriptionPreviewReply(
  outcome: Extract<Outcome, { kind: 'subscription_preview' }>,
  ctx: ReplyContext,
) {
  const minutes = Math.max(
    1,
    Math.round((Date.parse(outcome.expiresAt) - ctx.now.getTime()) / 60_000),
  );
  const within = `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return `${planText(outcome)} costs ${priceText(outcome)}. Reply "confirm" within ${within} to pay from your wallet. ${receiptRef(ctx)}`;
}

export const subscribedReply = (
  outcome: Extract<Outcome, { kind: 'subscribed' }>,
  ctx: ReplyContext,
) =>
  `You're on ${planText(outcome)} until ${formatLongDate(outcome.endDate, 'UTC')}. Paid ${priceText(outcome)}. ${receiptLink(ctx)}`;

export const subscriptionRefused = (message: string) => `Not subscribed: ${message}`;
