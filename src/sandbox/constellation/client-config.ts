import type { ConstellationClientConfig, FetchFn } from '@/integrations/constellation/index.ts';
import { type GenesisFile, loadGenesis } from './genesis.ts';

/** Where the simulator is mounted on the product's server. */
export const CONSTELLATION_SANDBOX_PATH = '/sandbox/constellation';

/** Base URLs of the simulated nodes under a server origin. */
export function sandboxConstellationUrls(publicUrl: string) {
  const base = `${publicUrl.replace(/\/+$/, '')}${CONSTELLATION_SANDBOX_PATH}`;
  return {
    dagL0: `${base}/dag-l0`,
    dagL1: `${base}/dag-l1`,
    upL0: `${base}/up-l0`,
    upL1: `${base}/up-l1`,
    dorL0: `${base}/dor-l0`,
    dorL1: `${base}/dor-l1`,
    blockExplorer: `${base}/be`,
  };
}

/** The product's Constellation client configuration for the local network (sandbox mode). */
export function sandboxConstellationClientConfig(
  publicUrl: string,
  /** feeLessLimit: what the local network was started with (off unless asked). */
  opts: { genesis?: GenesisFile; fetch?: FetchFn; feeLessLimit?: boolean } = {},
): ConstellationClientConfig {
  const genesis = opts.genesis ?? loadGenesis();
  const u = sandboxConstellationUrls(publicUrl);
  return {
    dag: { l0Url: u.dagL0, l1Url: u.dagL1 },
    UP: { l0Url: u.upL0, l1Url: u.upL1, metagraphId: genesis.metagraphIds.UP },
    DOR: { l0Url: u.dorL0, l1Url: u.dorL1, metagraphId: genesis.metagraphIds.DOR },
    blockExplorerUrl: u.blockExplorer,
    feeLessLimit: opts.feeLessLimit ?? false,
    ...(opts.fetch ? { fetch: opts.fetch } : {}),
  };
}
