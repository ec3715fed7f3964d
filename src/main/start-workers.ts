import type { AgentRuntime } from '@/agent/agent-for-api.ts';
import { startPortfolioWorker } from '@/core/portfolio/index.ts';
import { rewardSettings, startRewardsWorker } from '@/core/rewards/index.ts';
import { startTransferWorker } from '@/core/transfers/index.ts';
import type { Database } from '@/db/client.ts';
import { startEmbeddedMaintenance } from '@/db/embedded-maintenance.ts';
import type { Config } from './config.ts';
import type { AppDeps } from './deps.ts';

/**
 * The product's workers: the agent's loops (when this process runs them), transfer
 * confirmation, the monthly rewards, the bot's Polymarket book, PGlite's upkeep. Each begins
 * its first pass at once; bootstrap starts them last, once the Base holders indexer has
 * (decision 0081).
 */
export function startWorkers(o: {
  config: Config;
  deps: AppDeps;
  database: Database;
  agent: AgentRuntime;
  agentLoops: boolean;
}) {
  const { config, deps, database, agent } = o;
  if (o.agentLoops) agent.worker.start();
  const transferWorker = startTransferWorker(deps);
  // Closes each UTC month once and pays its leaderboard rewards (any process may run it).
  const rewardsWorker = startRewardsWorker(deps, {
    settings: rewardSettings(config),
    intervalMs: 60_000,
  });
  // The bot's Polymarket book, refreshed in the background (and its missing analyses written).
  const portfolioWorker = deps.polymarket
    ? startPortfolioWorker({
        ...deps,
        polymarket: deps.polymarket,
        llm: deps.llm ?? null,
        intervalMs: config.polymarket.refreshIntervalMs,
        analystBatch: config.polymarket.analystBatch,
      })
    : null;
  // PGlite has no autovacuum (single-user mode): the embedded database gets its own.
  const upkeep =
    database.kind === 'pglite'
      ? startEmbeddedMaintenance(database.db, { intervalMs: 60_000, logger: deps.logger })
      : null;
  return {
    /** `drainMs`: how long the agent's steps in flight may take before they are handed back. */
    async stop(opts: { drainMs?: number } = {}) {
      await transferWorker.stop();
      await rewardsWorker.stop();
      await portfolioWorker?.stop();
      await agent.worker.stop(opts);
      await upkeep?.stop();
    },
  };
}

export type Workers = ReturnType<typeof startWorkers>;
