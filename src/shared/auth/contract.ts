import { z } from 'zod';

/**
 * The signed-in user's calls under /api/auth (current user, subscription), shared by the
 * routes (which build their bodies as these types) and the web hooks (which read them).
 * `/me` and `/dag-address` are read on the landing route, whose JS budget has no room for zod:
 * their hooks import only the types and read with typed readers.
 */
export const currentUserSchema = z.object({
  username: z.string(),
  displayName: z.string(),
  profileImageUrl: z.string().nullable(),
  twitterId: z.string(),
  /** When this person first signed in here ("Member Since"). */
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
  /** When the X account itself was created, if X said. */
  xCreatedAt: z.string().nullable(),
  /** The user's own DAG wallet, linked on /settings. */
  linkedWalletAddress: z.string().nullable(),
  dagAddress: z.string().nullable(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** GET /api/auth/dag-address: the custodial wallet's address (null: none yet). */
export const dagAddressSchema = z.object({ dagAddress: z.string().nullable() });
export type DagAddressResponse = z.infer<typeof dagAddressSchema>;

/** POST /api/auth/link-wallet. */
export const linkWalletSchema = z.object({
  success: z.literal(true),
  walletAddress: z.string(),
});
export type LinkWalletResponse = z.infer<typeof linkWalletSchema>;

/** Exact decimal strings in token units; null when the network could not be read. */
const amount = z.string().nullable();

/** GET /api/auth/wallet-balances. */
export const walletBalancesSchema = z.object({
  addresses: z.object({ constellation: z.string().nullable() }),
  balances: z.object({ constellation: z.object({ dag: amount, up: amount, dor: amount }) }),
});
export type WalletBalancesResponse = z.infer<typeof walletBalancesSchema>;

export const SUBSCRIPTION_HEALTHS = ['active', 'expiring_soon', 'expired'] as const;

/** GET /api/auth/subscription: the plan ending last, expired ones included (`isActive` false). */
export const subscriptionSchema = z.discriminatedUnion('hasSubscription', [
  z.object({ hasSubscription: z.literal(false), isActive: z.literal(false) }),
  z.object({
    hasSubscription: z.literal(true),
    isActive: z.boolean(),
    tier: z.string(),
    status: z.string(),
    subscriptionHealth: z.enum(SUBSCRIPTION_HEALTHS),
    daysRemaining: z.number(),
    startDate: z.string(),
    endDate: z.string(),
    monthsPurchased: z.number(),
  }),
]);
export type SubscriptionResponse = z.infer<typeof subscriptionSchema>;
