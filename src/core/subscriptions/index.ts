// Subscriptions: who holds which tier now, and what it gives (decision 0007).
export {
  feeTierFor,
  getActiveTier,
  hasActiveSubscription,
  hasPremiumBenefits,
  type SubscriptionDeps,
  type SubscriptionTier,
} from './active-subscription.ts';
// Named for the other layers that use them (decision 0067: another layer imports an area through its index).
export { countPremiumStats } from './count-premium-stats.ts';
export { SubscriptionError, type SubscriptionErrorCode } from './errors.ts';
export { listPremiumUsers, PREMIUM_USERS_PAGE_SIZE } from './list-premium-users.ts';
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
