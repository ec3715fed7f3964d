import { type PublicConfig, publicConfigSchema } from '@/shared/public-config';

const DEV_FALLBACK: PublicConfig = {
  productName: 'Upsider',
  agentHandle: 'UpsiderAgent',
  baseContractAddress: '0x0000000000000000000000000000000000000000',
  xWebUrl: '/sandbox/x',
  x402Url: 'https://x402.upsider.app',
  marketDataUrl: 'https://www.coingecko.com',
  metagraphExplorerUrl: 'https://mainnet.dagexplorer.io/metagraphs',
  dagExplorerAddressUrl: 'https://mainnet.dagexplorer.io/address/',
  baseExplorerAddressUrl: 'https://basescan.org/address/',
  sandboxIndexUrl: '/sandbox',
};

/** Reads the config block the server embeds in index.html (see server/http/spa.ts). */
function readPublicConfig(): PublicConfig {
  const el = typeof document !== 'undefined' ? document.getElementById('app-config') : null;
  if (!el?.textContent) return DEV_FALLBACK;
  return publicConfigSchema.parse(JSON.parse(el.textContent));
}

export const publicConfig = readPublicConfig();
