import { composeAgent } from '@/agent/compose-agent.ts';
import { startTransferWorker } from '@/core/transfers/index.ts';
import { openDatabase } from '@/db/client.ts';
import { loadConfigOrExit } from './config.ts';
import { loadAgentConfig } from './config-agent.ts';
import { createAppDeps } from './deps.ts';
import { createLogger } from './logger.ts';
import { createMetrics } from './metrics/registry.ts';
import { closeServer, startMetricsServer } from './metrics/server.ts';
import { assertProductionData } from './production/data-refusals.ts';
import { SHUTDOWN_DRAIN_MS } from './shutdown.ts';
import type { StopSignal } from './stop-signal.ts';

/**
 * One agent worker (mentions, jobs, replies) for the PostgreSQL scale path; start as many as
 * needed, they share the work through the database. In the default run the same loops already
 * run inside `npm start`. Each worker also runs the transfer reconciler. A stop signal that came
 * while it was starting is acted on once the start is done (agent-worker.ts listens from the
 * first moment), so what the start opened is closed.
 */
export async function runAgentWorker(stopSignal: Promise<StopSignal>) {
  await startAndRun(stopSignal).catch((err) => {
    // Start-up refusals (production settings, key problems) say what to do: no stack trace.
    if (['ProductionRefusedError', 'KeyringError'].includes((err as Error).name)) {
      console.error(`\n  Not started: ${(err as Error).message}\n`);
      process.exit(1);
    }
    console.error(err);
    process.exit(1);
  });
}

async function startAndRun(stopSignal: Promise<StopSignal>) {
  const config = loadConfigOrExit();
  if (!config.databaseUrl) {
    console.error(
      'npm run agent needs DATABASE_URL: worker processes share one PostgreSQL database.',
    );
    process.exit(1);
  }
  if (config.sandbox) {
    console.error(
      'npm run agent talks to X through X_CLIENT_ID/X_CLIENT_SECRET (set SANDBOX=false and the X_* URLs ' +
        'to use a running sandbox). In the default run the agent already runs inside npm start.',
    );
    process.exit(1);
  }
  const logger = createLogger(config.logLevel);
  const database = await openDatabase({ url: config.databaseUrl });
  await assertProductionData(database.db, config);
  // Before the agent starts: its jobs are observed and their log lines carry their ids.
  const metrics = createMetrics(database.db);
  const { metrics: metricsConfig } = config;
  const metricsServer =
    metricsConfig.port === null
      ? null
      : await startMetricsServer({ ...metricsConfig, port: metricsConfig.port }, metrics, logger);
  const deps = createAppDeps(config, database.db, { logger });
  const agent = await composeAgent(deps, {
    agentConfig: loadAgentConfig(process.env, config),
  });
  agent.worker.start();
  // Workers settle what they send even when no API process is running.
  const transferWorker = startTransferWorker(deps);

  const signal = await stopSignal;
  logger.info({ signal }, 'agent worker stopping');
  await agent.worker.stop({ drainMs: SHUTDOWN_DRAIN_MS });
  await transferWorker.stop();
  await closeServer(metricsServer);
  await database.close();
  process.exit(0);
}
