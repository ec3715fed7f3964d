import * as z from 'zod/mini';

/**
 * `GET /api/wallets` and `GET /api/base-wallets` (the wallet list response), plus
 * `asOf`: the snapshot ordinal or block number (and its time) where these figures last changed;
 * later ones that changed none keep it, so the body and its ETag stay (decision 0010).
 */
export const walletListEntrySchema = z.object({
  address: z.string(),
  /** Whole UP (not base units), as the spec's response has it. */
  balance: z.number(),
  notInCirculation: z.optional(z.boolean()),
  label: z.optional(z.string()),
});

export const walletListSchema = z.object({
  walletCount: z.number(),
  totalCirculation: z.optional(z.number()),
  totalBalance: z.optional(z.number()),
  wallets: z.array(walletListEntrySchema),
  asOf: z.optional(
    z.object({
      network: z.enum(['constellation', 'base']),
      /** Snapshot ordinal (Constellation) or block number (Base), as a decimal string. */
      position: z.string(),
      time: z.string(),
    }),
  ),
  /**
   * Set when the server has failed to read the network for a while: since when (ISO time). The
   * figures are the last ones read (`asOf`); absent again once a read succeeds.
   */
  unreadableSince: z.optional(z.string()),
});

export type WalletListEntry = z.infer<typeof walletListEntrySchema>;
export type WalletList = z.infer<typeof walletListSchema>;
