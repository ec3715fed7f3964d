// Subscriptions: who holds which tier now, and what it gives (decision 0007).
export {
  feeTierFor,
  getActiveTier,
  hasActiveSubscription,
  hasPremiumBenefits,
  type SubscriptionDeps,
  type SubscriptionTier,
} from './active-subscription.ts';
export { SubscriptionError, type SubscriptionErrorCode } from './errors.ts';
export {
  addMonthsUtc,
  listPlans,
  type PaidTier,
  type Plan,
  planFor,
  planPriceUsd,
  usdToUpUnits,
} from './plans.ts';
export {
  type PurchaseDeps,
  type PurchaseRefusal,
  type PurchaseResult,
  purchaseQuote,
} from './purchase.ts';
export { createQuote, type QuoteDeps, type SubscriptionQuote, sellableUpPrice } from './quote.ts';
