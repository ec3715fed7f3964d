import { createBaseClient } from '../../integrations/base/client.ts';
import { knownBaseHolders, knownConstellationHolders } from '../../shared/holders/constants.ts';
import type { CoreDeps } from '../deps.ts';
import { getSystemWalletAddresses } from '../wallets/index.ts';
import { indexBaseHolders } from './index-base-holders.ts';
import { indexConstellationHolders } from './index-constellation-holders.ts';
import { startPollLoop } from './poll-loop.ts';

/**
 * Starts the holder indexers this process runs: Constellation (when the UP metagraph is
 * configured). Loads the last published rankings first so requests never wait for a chain.
 */
export async function startConstellationHoldersIndexer(deps: CoreDeps) {
  const store = deps.holders;
  await store.load('constellation');
  if (!deps.config.constellation.UP) {
    deps.logger.info('constellation holders: no UP metagraph configured; /api/wallets stays empty');
    return { stop: async () => {} };
  }
  let known: ReturnType<typeof knownConstellationHolders> | null = null;
  return startPollLoop(
    () =>
      indexConstellationHolders({
        constellation: deps.constellation,
        store,
        logger: deps.logger,
        now: deps.now,
        knownHolders: async () => {
          known ??= knownConstellationHolders(await getSystemWalletAddresses(deps));
          return known;
        },
      }),
    deps.config.holders.constellationPollMs,
  );
}

export interface BaseChainSettings {
  rpcUrl: string;
  contract: string;
  startBlock: bigint;
  bridgeAddresses: string[];
  liquidityPoolAddress: string | null;
}

/** Starts the Base holders indexer (viem against BASE_RPC_URL, or the sandbox's anvil). */
export async function startBaseHoldersIndexer(deps: CoreDeps, chain: BaseChainSettings | null) {
  const store = deps.holders;
  await store.load('base');
  if (!chain) {
    deps.logger.warn(
      'base holders: BASE_RPC_URL and BASE_UP_CONTRACT are not set; /api/base-wallets stays empty',
    );
    return { stop: async () => {} };
  }
  const settings = deps.config.holders.base;
  const client = createBaseClient({ rpcUrl: chain.rpcUrl });
  const state = { chunk: settings.chunkBlocks };
  const options = {
    contract: chain.contract,
    startBlock: chain.startBlock,
    decimals: 18,
    reorgWindow: settings.reorgWindowBlocks,
    maxChunk: settings.chunkBlocks,
    known: knownBaseHolders({
      bridgeAddresses: chain.bridgeAddresses,
      liquidityPoolAddress: chain.liquidityPoolAddress,
    }),
  };
  return startPollLoop(async () => {
    try {
      await indexBaseHolders(
        { db: deps.db, client, logger: deps.logger, now: deps.now, store },
        options,
        state,
      );
      store.markChecked('base', deps.now());
    } catch (err) {
      const message = err instanceof Error ? err.message.split('\n')[0] : String(err);
      store.markFailed('base', message ?? 'unknown', deps.now());
      deps.logger.warn({ err: message }, 'base holders: RPC read failed; serving the last ranking');
    }
  }, settings.pollMs);
}
