import type { ConstellationClient } from '@/integrations/constellation/index.ts';
import { type KnownHolder, WALLET_LIST_LIMIT } from '@/shared/holders/constants.ts';
import type { Logger } from '@/shared/logger.ts';
import { TOKEN_DECIMALS } from '@/shared/units.ts';
import type { RankingStore } from './published-ranking.ts';
import { rankHolders } from './rank-holders.ts';

export interface ConstellationHoldersDeps {
  constellation: Pick<ConstellationClient, 'getLatestOrdinal' | 'getLatestCombined'>;
  store: RankingStore;
  logger: Logger;
  now: () => Date;
  /** Resolved lazily: system wallets may be provisioned after the indexer is built. */
  knownHolders: () => Promise<KnownHolder[]>;
}

/**
 * One pass of the Constellation holders indexer: asks the UP currency L0 for the latest ordinal
 * and reads `/snapshots/latest/combined` (every holder's balance) only when it moved.
 * Returns what happened, for logs and tests. A failure leaves the last ranking in place.
 */
export async function indexConstellationHolders(
  deps: ConstellationHoldersDeps,
): Promise<'unchanged' | 'published' | 'failed'> {
  const seen = deps.store.get('constellation');
  try {
    const ordinal = await deps.constellation.getLatestOrdinal('UP');
    const seenOrdinal = (seen?.readAt ?? seen?.list.asOf)?.position;
    if (seenOrdinal === ordinal.toString()) {
      deps.store.markChecked('constellation', deps.now());
      return 'unchanged';
    }
    const combined = await deps.constellation.getLatestCombined('UP');
    const list = rankHolders({
      balances: combined.balances,
      decimals: TOKEN_DECIMALS,
      known: await deps.knownHolders(),
      limit: WALLET_LIST_LIMIT.constellation,
      asOf: {
        network: 'constellation',
        position: combined.ordinal.toString(),
        // The signed snapshot carries no wall-clock time; this is when we first read it.
        time: deps.now().toISOString(),
      },
    });
    // A snapshot that moved no balance keeps the published body (and its ETag) as it was.
    return (await deps.store.publish('constellation', list, deps.now()))
      ? 'published'
      : 'unchanged';
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    deps.store.markFailed('constellation', message, deps.now());
    deps.logger.warn(
      { err: message },
      'constellation holders: L0 read failed; serving last ranking',
    );
    return 'failed';
  }
}
