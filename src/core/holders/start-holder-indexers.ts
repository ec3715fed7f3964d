import { createBaseClient } from '@/integrations/base/client.ts';
import { knownBaseHolders, knownConstellationHolders } from '@/shared/holders/constants.ts';
import { startLoop } from '@/shared/loop.ts';
import type { CoreDeps } from '../deps.ts';
import { getSystemWalletAddresses } from '../wallets/index.ts';
import { BaseWrongChainError, readBaseToken } from './base-token.ts';
import { type BaseIndexerOptions, indexBaseHolders } from './index-base-holders.ts';
import { indexConstellationHolders } from './index-constellation-holders.ts';

/** The passes catch, record (markFailed) and log their own failures: none reaches the loop. */
const ignoreError = () => {};

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
  return startLoop({
    pass: async () => {
      await indexConstellationHolders({
        constellation: deps.constellation,
        store,
        logger: deps.logger,
        now: deps.now,
        knownHolders: async () => {
          known ??= knownConstellationHolders(await getSystemWalletAddresses(deps));
          return known;
        },
      });
    },
    intervalMs: deps.config.holders.constellationPollMs,
    onError: ignoreError,
    unref: true,
  });
}

export interface BaseChainSettings {
  rpcUrl: string;
  /** How to reach rpcUrl (the sandbox's passthrough, in-process); the global fetch otherwise. */
  fetch?: (url: string, init?: RequestInit) => Promise<Response>;
  contract: string;
  startBlock: bigint;
  bridgeAddresses: string[];
  liquidityPoolAddress: string | null;
}

/**
 * Starts the Base holders indexer (viem against BASE_RPC_URL, or the sandbox's anvil). Before
 * the first log it checks the endpoint's chain id and reads the token's decimals; a wrong chain
 * stops the indexer for good (logged once, shown as the ranking's failure).
 */
export async function startBaseHoldersIndexer(deps: CoreDeps, chain: BaseChainSettings | null) {
  const store = deps.holders;
  await store.load('base');
  if (!chain) {
    deps.logger.warn(
      'base holders: BASE_RPC_URL and BASE_UP_CONTRACT are not set; /api/base-wallets stays empty',
    );
    return { stop: async () => {}, runNow: async () => {} };
  }
  const settings = deps.config.holders.base;
  if (chain.startBlock === 0n && !deps.config.sandbox) {
    deps.logger.warn(
      { rpcUrl: chain.rpcUrl },
      'base holders: BASE_START_BLOCK is 0, so the first index reads every block since genesis (tens of thousands of eth_getLogs calls on Base); set it to the UP contract’s deployment block',
    );
  }
  const client = createBaseClient({ rpcUrl: chain.rpcUrl, fetch: chain.fetch });
  const state = { chunk: settings.chunkBlocks };
  let token: { decimals: number } | 'wrong chain' | null = null;
  const options: Omit<BaseIndexerOptions, 'decimals'> = {
    contract: chain.contract,
    startBlock: chain.startBlock,
    reorgWindow: settings.reorgWindowBlocks,
    maxChunk: settings.chunkBlocks,
    known: knownBaseHolders({
      bridgeAddresses: chain.bridgeAddresses,
      liquidityPoolAddress: chain.liquidityPoolAddress,
    }),
  };
  const pass = async () => {
    if (token === 'wrong chain') return;
    try {
      token ??= await readBaseToken(client, {
        contract: chain.contract,
        chainId: settings.chainId,
      });
      await indexBaseHolders(
        { db: deps.db, client, logger: deps.logger, now: deps.now, store },
        { ...options, decimals: token.decimals },
        state,
      );
      store.markChecked('base', deps.now());
    } catch (err) {
      if (err instanceof BaseWrongChainError) {
        token = 'wrong chain';
        store.markFailed('base', err.message, deps.now());
        deps.logger.error({ rpcUrl: chain.rpcUrl }, `base holders: not indexing: ${err.message}`);
        return;
      }
      const message = err instanceof Error ? err.message.split('\n')[0] : String(err);
      store.markFailed('base', message ?? 'unknown', deps.now());
      deps.logger.warn({ err: message }, 'base holders: RPC read failed; serving the last ranking');
    }
  };
  return startLoop({ pass, intervalMs: settings.pollMs, onError: ignoreError, unref: true });
}
