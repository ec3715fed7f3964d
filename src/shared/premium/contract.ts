import * as z from 'zod/mini';

/**
 * The premium calls' responses (premium user entry, pricing), shared
 * by the server routes (which `satisfies` these types) and the web hooks (which parse with them).
 */
export const TIERS = ['free', 'pro', 'premium'] as const;
export const HEALTHS = ['active', 'expiring_soon', 'expired', 'no_subscription'] as const;

export const premiumUserSchema = z.object({
  username: z.string(),
  wallet_address: z.nullable(z.string()),
  subscription_tier: z.enum(TIERS),
  subscription_health: z.enum(HEALTHS),
  days_remaining: z.number(),
  subscription_start: z.nullable(z.string()),
  subscription_end: z.nullable(z.string()),
});
export type PremiumUser = z.infer<typeof premiumUserSchema>;

export const premiumUsersSchema = z.object({
  users: z.array(premiumUserSchema),
  count: z.number(),
  total: z.number(),
});
export type PremiumUsers = z.infer<typeof premiumUsersSchema>;

/** `GET /api/premium-users/stats`: the page's two stat cards, independent of any search. */
export const premiumStatsSchema = z.object({
  activeSubscriptions: z.number(),
  totalUsers: z.number(),
});
export type PremiumStats = z.infer<typeof premiumStatsSchema>;

export const planSchema = z.object({
  tier: z.enum(['pro', 'premium']),
  durationMonths: z.number(),
  priceUSD: z.number(),
  priceUP: z.number(),
  /** `priceUP` in base units, what a quote at this price fixes (the page formats this one). */
  priceUpBaseUnits: z.string(),
  pricePerMonth: z.number(),
});
export type PricingPlan = z.infer<typeof planSchema>;

export const pricingSchema = z.object({ plans: z.array(planSchema), upTokenPrice: z.number() });
export type Pricing = z.infer<typeof pricingSchema>;

/** `POST /api/subscriptions/quote`: the UP amount fixed until `expiresAt`. */
export const quoteSchema = z.object({
  quoteId: z.string(),
  tier: z.enum(['pro', 'premium']),
  durationMonths: z.number(),
  priceUSD: z.number(),
  upTokenPrice: z.number(),
  priceUP: z.number(),
  priceUpBaseUnits: z.string(),
  expiresAt: z.string(),
});
export type Quote = z.infer<typeof quoteSchema>;

/** `POST /api/subscriptions/purchase`. */
export const purchaseSchema = z.object({
  tier: z.enum(['pro', 'premium']),
  startDate: z.string(),
  endDate: z.string(),
  monthsPurchased: z.number(),
  transferId: z.string(),
  quote: quoteSchema,
});
export type Purchase = z.infer<typeof purchaseSchema>;
