// Subscriptions: who holds which tier now, and what it gives (spec §6, §9).
export {
  feeTierFor,
  getActiveTier,
  hasActiveSubscription,
  hasPremiumBenefits,
  type SubscriptionDeps,
  type SubscriptionTier,
} from './active-subscription.ts';
