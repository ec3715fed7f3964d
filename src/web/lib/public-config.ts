import type { PublicConfig } from '@/shared/public-config';

/**
 * Which fields the config block must carry. A Record over `keyof PublicConfig` makes the
 * compiler flag a field added to the shared schema but forgotten here. The browser checks the
 * block by hand instead of with zod: zod would cost more than the whole router on the landing
 * route's 100 KB JS budget.
 */
const FIELD_KINDS: Record<keyof PublicConfig, 'string' | 'string-or-null'> = {
  productName: 'string',
  agentHandle: 'string',
  baseContractAddress: 'string',
  xWebUrl: 'string',
  avatarUrlTemplate: 'string',
  x402Url: 'string',
  marketDataUrl: 'string',
  metagraphExplorerUrl: 'string',
  dagExplorerAddressUrl: 'string',
  baseExplorerAddressUrl: 'string',
  mainWalletBalanceUrl: 'string-or-null',
  sandboxIndexUrl: 'string-or-null',
};

export const PUBLIC_CONFIG_FIELDS = Object.keys(FIELD_KINDS) as (keyof PublicConfig)[];

/** Checks the embedded JSON against the shape of `publicConfigSchema`; throws naming the bad field. */
export function parsePublicConfig(value: unknown): PublicConfig {
  if (typeof value !== 'object' || value === null) throw new Error('app-config: not an object');
  const record = value as Record<string, unknown>;
  const config: Record<string, string | null> = {};
  for (const key of PUBLIC_CONFIG_FIELDS) {
    const field = record[key];
    const ok =
      typeof field === 'string' || (FIELD_KINDS[key] === 'string-or-null' && field === null);
    if (!ok) throw new Error(`app-config: ${key} is missing or not a string`);
    config[key] = field as string | null;
  }
  return config as unknown as PublicConfig;
}

/** Used only by `vite` dev without the API server's HTML (the server always embeds the block). */
const DEV_FALLBACK: PublicConfig = {
  productName: 'Upsider',
  agentHandle: 'UpsiderAgent',
  baseContractAddress: '0x0000000000000000000000000000000000000000',
  xWebUrl: '/sandbox/x',
  avatarUrlTemplate: '/sandbox/x/avatars/{username}.svg',
  x402Url: 'https://www.x402.org',
  marketDataUrl: '/sandbox/market',
  metagraphExplorerUrl: '/sandbox/constellation/explorer/metagraphs',
  dagExplorerAddressUrl: 'https://mainnet.dagexplorer.io/address/',
  baseExplorerAddressUrl: 'https://basescan.org/address/',
  mainWalletBalanceUrl: null,
  sandboxIndexUrl: '/sandbox',
};

/**
 * Reads the config block the server embeds in every page (api/http/spa.ts). When the server
 * itself renders a page (api/http/prerender.ts) there is no document: it hands the same config
 * over on `globalThis` before loading the app.
 */
function readPublicConfig(): PublicConfig {
  const fromServer = (globalThis as { __UPSIDER_PUBLIC_CONFIG__?: unknown })
    .__UPSIDER_PUBLIC_CONFIG__;
  if (fromServer) return parsePublicConfig(fromServer);
  const el = typeof document !== 'undefined' ? document.getElementById('app-config') : null;
  if (!el?.textContent) {
    // Production pages always carry the block: only `vite` dev may lack it (and the fallback
    // stays out of the production bundle).
    if (import.meta.env.DEV) return DEV_FALLBACK;
    throw new Error('app-config: the page has no config block');
  }
  return parsePublicConfig(JSON.parse(el.textContent));
}

export const publicConfig = readPublicConfig();
