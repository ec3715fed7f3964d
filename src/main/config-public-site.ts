import { z } from 'zod';
import type { PublicConfig } from '@/shared/public-config.ts';
import type { constellationConfig } from './config-constellation.ts';
import { ConfigError } from './config-fields.ts';
import { type HoldersEnv, type holdersConfig, SANDBOX_BASE_UP_CONTRACT } from './config-holders.ts';

/** Environment of what the web app shows and links to: names, explorers, outside sites (in .env.example). */
export const publicSiteEnvShape = {
  PRODUCT_NAME: z.string().min(1).default('Upsider'),
  AGENT_HANDLE: z
    .string()
    .regex(/^[A-Za-z0-9_]{1,15}$/, 'must be an X handle without @')
    .default('UpsiderAgent'),
  X_WEB_URL: z.url().optional(),
  /** Avatar image by username, `{username}` replaced. Default: unavatar.io, or the local X. */
  AVATAR_URL_TEMPLATE: z
    .string()
    .regex(/^https?:\/\/\S*\{username\}/, 'an http(s) URL containing {username}')
    .optional(),
  /** The x402 features site (navigation). Required outside sandbox mode. */
  X402_URL: z.url().optional(),
  /** UP's market page (landing). Required outside sandbox mode. */
  MARKET_DATA_URL: z.url().optional(),
  /** The metagraph explorer (landing). Sandbox mode: the local explorer's metagraphs page. */
  METAGRAPH_EXPLORER_URL: z.url().optional(),
  /** Explorer page of an address (the address is appended). Sandbox mode: the local explorer pages. */
  DAG_EXPLORER_ADDRESS_URL: z.url().optional(),
  /** Base explorer page of an address (appended). Sandbox mode: the local Base address page. */
  BASE_EXPLORER_ADDRESS_URL: z.url().optional(),
};

const publicSiteEnvSchema = z.object(publicSiteEnvShape);
/** The site's own variables, and the token's contract on Base (a holders variable) it links to. */
type PublicSiteEnv = z.output<typeof publicSiteEnvSchema> &
  Pick<HoldersEnv, 'BASE_UP_CONTRACT' | 'BASE_CONTRACT_ADDRESS'>;

/**
 * Where the token lives and what the site links to. Production values are never guessed: outside
 * sandbox mode each must be set (start-up names what is missing); in sandbox mode they are the
 * local chain's contract and the sandbox's own pages.
 */
function publicSiteSettings(env: PublicSiteEnv, sandbox: boolean, publicUrl: string) {
  const contract = env.BASE_UP_CONTRACT ?? env.BASE_CONTRACT_ADDRESS;
  if (sandbox) {
    return {
      baseContractAddress: contract ?? SANDBOX_BASE_UP_CONTRACT,
      // The x402 protocol's public site: there is no product x402 site to show in the sandbox.
      x402Url: env.X402_URL ?? 'https://www.x402.org',
      marketDataUrl: env.MARKET_DATA_URL ?? `${publicUrl}/sandbox/market`,
    };
  }
  const missing = [
    contract
      ? null
      : 'BASE_UP_CONTRACT: required outside sandbox mode → the UP ERC-20 address on Base',
    env.X402_URL ? null : 'X402_URL: required outside sandbox mode → the x402 features site',
    env.MARKET_DATA_URL
      ? null
      : "MARKET_DATA_URL: required outside sandbox mode → UP's market page",
  ].filter((m): m is string => m !== null);
  if (missing.length > 0) throw new ConfigError(missing);
  return {
    baseContractAddress: contract!,
    x402Url: env.X402_URL!,
    marketDataUrl: env.MARKET_DATA_URL!,
  };
}

/** The settings the web app reads (served as JSON in every page, so never a secret). */
export function publicSiteConfig(
  env: PublicSiteEnv,
  sandbox: boolean,
  publicUrl: string,
  networks: {
    constellation: ReturnType<typeof constellationConfig>;
    holders: ReturnType<typeof holdersConfig>;
  },
): PublicConfig {
  const { constellation, holders } = networks;
  const be = constellation.blockExplorerUrl.replace(/\/+$/, '');
  return {
    productName: env.PRODUCT_NAME,
    agentHandle: env.AGENT_HANDLE,
    ...publicSiteSettings(env, sandbox, publicUrl),
    xWebUrl: env.X_WEB_URL ?? (sandbox ? `${publicUrl}/sandbox/x` : 'https://x.com'),
    avatarUrlTemplate:
      env.AVATAR_URL_TEMPLATE ??
      (sandbox
        ? `${publicUrl}/sandbox/x/avatars/{username}.svg`
        : 'https://unavatar.io/x/{username}?fallback=false'),
    metagraphExplorerUrl:
      env.METAGRAPH_EXPLORER_URL ??
      (sandbox
        ? `${publicUrl}/sandbox/constellation/explorer/metagraphs`
        : 'https://mainnet.dagexplorer.io/metagraphs'),
    dagExplorerAddressUrl:
      env.DAG_EXPLORER_ADDRESS_URL ??
      (sandbox
        ? `${publicUrl}/sandbox/constellation/explorer/address/`
        : 'https://mainnet.dagexplorer.io/address/'),
    baseExplorerAddressUrl:
      env.BASE_EXPLORER_ADDRESS_URL ??
      (sandbox ? `${publicUrl}/sandbox/base/address/` : 'https://basescan.org/address/'),
    mainWalletBalanceUrl:
      holders.mainWalletAddress && constellation.UP
        ? `${be}/currency/${constellation.UP.metagraphId}/addresses/${holders.mainWalletAddress}/balance`
        : null,
    sandboxIndexUrl: sandbox ? '/sandbox' : null,
  };
}
