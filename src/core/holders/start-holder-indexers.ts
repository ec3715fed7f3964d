import type { AppDeps } from '../../server/deps.ts';
import { getSystemWalletAddresses } from '../../server/wallets/index.ts';
import { knownConstellationHolders } from '../../shared/holders/constants.ts';
import { indexConstellationHolders } from './index-constellation-holders.ts';
import { startPollLoop } from './poll-loop.ts';
import { RankingStore } from './published-ranking.ts';

/**
 * Starts the holder indexers this process runs: Constellation (when the UP metagraph is
 * configured). Loads the last published rankings first so requests never wait for a chain.
 */
export async function startConstellationHoldersIndexer(deps: AppDeps) {
  const store = deps.holders ?? new RankingStore(deps.db);
  deps.holders = store;
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
