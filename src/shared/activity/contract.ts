import { z } from 'zod';

/** What a row of the wallet history is, from the user's side (core/activity/kinds.ts). */
export const activityKinds = [
  'send',
  'receive',
  'command',
  'subscription',
  'reward',
  'returned',
  'refund',
  'move',
] as const;
export type ActivityKind = (typeof activityKinds)[number];

export const activityStatuses = ['pending', 'confirmed', 'refused', 'returned'] as const;
export type ActivityStatus = (typeof activityStatuses)[number];

/**
 * One movement of the signed-in user's wallet. Amounts are exact decimal strings (base units
 * → `unitsToDecimal`), signed from the wallet's side: what left it is negative. `fee` is the
 * 0.5% transfer fee and `networkFee` the network's, both null where this wallet paid none.
 */
export const activityItemSchema = z.object({
  id: z.string(),
  kind: z.enum(activityKinds),
  status: z.enum(activityStatuses),
  /** ISO 8601 in UTC; the page shows it in the reader's zone, naming the zone. */
  at: z.string(),
  token: z.string(),
  amount: z.string().nullable(),
  fee: z.string().nullable(),
  networkFee: z.string().nullable(),
  /** The other side: its address, and its X handle or the product wallet it is, when known. */
  counterparty: z.object({
    handle: z.string().nullable(),
    /** 'treasury' | 'fees' | 'rewards': one of the product's own wallets. */
    productWallet: z.string().nullable(),
    address: z.string(),
  }),
  /** What was bought or paid for (a command, a plan, a reward period), when there is one. */
  description: z.string().nullable(),
  receiptPostId: z.string().nullable(),
  explorerUrl: z.string().nullable(),
});
export type ActivityItem = z.infer<typeof activityItemSchema>;

export const activityPageSchema = z.object({
  items: z.array(activityItemSchema),
  nextCursor: z.string().nullable(),
});
export type ActivityPage = z.infer<typeof activityPageSchema>;

/**
 * GET /api/activity/total: the confirmed UP that came in minus what went out (fees included),
 * of one kind or all, and its USD value at today's price (null: no price now). Its own request:
 * it sums every row, so the pages of the history never wait for it (decision 0056).
 */
export const activityTotalSchema = z.object({ net: z.string(), usd: z.number().nullable() });
export type ActivityTotal = z.infer<typeof activityTotalSchema>;

export const firstVisitSchema = z.object({ firstVisit: z.boolean() });
export type FirstVisit = z.infer<typeof firstVisitSchema>;
