import { serve } from '@hono/node-server';
import { openDatabase } from '../db/client.ts';
import { startSandbox } from '../sandbox/mount.ts';
import { createApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createLogger } from './logger.ts';

/** Composition root: config → database → app (+ sandbox in sandbox mode) → HTTP server. */
async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const logger = createLogger(config.logLevel);
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  const deps = { config, db: database.db, logger };
  const sandbox = config.sandbox
    ? await startSandbox({ deps, database, publicUrl: config.publicUrl })
    : null;
  const app = createApp(deps, { mounts: sandbox?.mounts ?? [] });

  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    logger.info(
      { database: database.kind, sandbox: config.sandbox },
      `${config.publicConfig.productName} is running at http://${config.host}:${info.port}`,
    );
    console.info(`\n  Open ${config.publicUrl}\n`);
  });

  const shutdown = async (signal: string) => {
    logger.info({ signal }, 'shutting down');
    server.close();
    await sandbox?.stop();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
