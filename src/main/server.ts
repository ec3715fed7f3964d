import { createServer } from 'node:http';
import { createNodeListener } from '../api/http/node-listener.ts';
import { bootstrap } from './bootstrap.ts';
import { loadConfigOrExit } from './config.ts';

/** `npm start`: one process serving the API, the built web app and (by default) the sandbox. */
async function main() {
  const config = loadConfigOrExit();
  const { app, site, database, logger, stop, startDemo } = await bootstrap(config);

  const server = createServer(createNodeListener(app.fetch, site));
  server.listen(config.port, config.host, () => {
    logger.info(
      { database: database.kind, sandbox: config.sandbox },
      `${config.publicConfig.productName} is running at http://${config.host}:${config.port}`,
    );
    console.info(`\n  Open ${config.publicUrl}\n`);
    void startDemo();
  });

  const shutdown = async (signal: string) => {
    logger.info({ signal }, 'shutting down');
    server.close();
    await stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err) => {
  // Start-up refusals (data folder in use, master key problems) say what to do: no stack trace.
  const refusal = ['KeyringError', 'DataDirLockedError'].includes((err as Error).name);
  console.error(refusal ? `\n  Not started: ${(err as Error).message}\n` : err);
  process.exit(1);
});
