import { z } from 'zod';

/**
 * The part of the configuration the browser needs: brand values and outside links.
 * The server builds it from env (src/main/config.ts) and embeds it in index.html;
 * the SPA reads it once at start-up (src/web/lib/public-config.ts).
 */
export const publicConfigSchema = z.object({
  productName: z.string(),
  agentHandle: z.string(),
  baseContractAddress: z.string(),
  /** Base URL of X's web (post intents, profiles). Points at the local X in the sandbox. */
  xWebUrl: z.string(),
  /**
   * Avatar image of an X user by username: `{username}` is replaced (a public avatar
   * service by username). The local X's avatars in the sandbox.
   */
  avatarUrlTemplate: z.string(),
  x402Url: z.string(),
  marketDataUrl: z.string(),
  metagraphExplorerUrl: z.string(),
  /** Address page of the DAG block explorer; the address is appended. */
  dagExplorerAddressUrl: z.string(),
  baseExplorerAddressUrl: z.string(),
  /**
   * The main wallet's balance on the public block explorer API (data.balance, floored,
   * divided by 1e8). Null when no main wallet or UP explorer is configured.
   */
  mainWalletBalanceUrl: z.string().nullable(),
  /** Present only while the product runs against the local simulators. */
  sandboxIndexUrl: z.string().nullable(),
});

export type PublicConfig = z.infer<typeof publicConfigSchema>;
