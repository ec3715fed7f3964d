import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { FastJsonRoutes } from '@/api/http/fast-json.ts';
import { loadSite } from '@/api/site/site.ts';
import { loadConfigOrExit } from './config.ts';
import { afterFirstPage } from './first-page-gate.ts';
import { createProductServer } from './http-server.ts';
import { drainHttpServer, SHUTDOWN_DRAIN_MS } from './shutdown.ts';
import { startUpTimer } from './start-up-timer.ts';
import { listenForStop } from './stop-signal.ts';

/**
 * `npm start`: one process serving the API, the built web app and (by default) the sandbox.
 * It listens as soon as the built site is in memory, then loads and composes the rest of the
 * product (a separate chunk of the compiled server: scripts/build-server.mjs); requests other
 * than pages wait for it, and readiness says when it is done (api/site/starting-listener.ts).
 */
async function main() {
  // Before anything starts: a stop during the start ends what has begun (decision 0078).
  const stop = listenForStop();
  const timer = startUpTimer();
  timer.mark('serverModules');
  const config = loadConfigOrExit();
  // Opened while the product's modules load; a failure surfaces through bootstrap below.
  // PGlite's own files are tightened by bootstrap once ready.
  const opening = import('./open-start-database.ts').then(({ openStartDatabase }) =>
    openStartDatabase(config, { tightenDatabaseLater: true }),
  );
  opening.catch(() => {});
  // The product's modules too (the local Base node starts as soon as they are in), and both
  // while `npm start` may still be building the web app (decision 0065): a fresh clone's first
  // start created its database and played the Base genesis only after the build.
  const product = import('./bootstrap.ts').then((m) => {
    timer.mark('productModules');
    // Wrapped: the node's start is handed on, not waited for.
    return { ...m, baseChain: { starting: m.startLocalBaseNode(config) } };
  });
  product.catch(() => {});
  // Stopped while the web app builds (a first start's build takes a minute): what has started
  // ends now, not after the build. The build's processes go with this one (start-build.mjs).
  if (await Promise.race([webAppBuilt().then(() => false), stop.then(() => true)])) {
    const database = await opening.catch(() => null);
    const started = await product.catch(() => null);
    if (started)
      await started.undoStart(config, { baseNode: started.baseChain.starting, database });
    else await database?.close();
    process.exit(0);
  }
  timer.mark('webBuild');
  const site = loadSite({ config }, path.resolve('dist/web'));
  // Filled by the poll routes once composed; the listener answers them from memory.
  const polls = new FastJsonRoutes();
  timer.mark('site');
  const composed = product.then(({ bootstrap, baseChain }) =>
    bootstrap(config, {
      site,
      timer,
      database: opening,
      polls,
      baseChain: baseChain.starting,
      serverRenderBuild: serverRenderBuilt(),
    }),
  );
  let stopping = false;
  const server = createProductServer(
    site,
    {
      app: composed.then((c) => c.app.fetch),
      background: composed.then((c) => c.background),
      stopping: () => stopping,
    },
    polls,
  );
  // The first-start demo waits for the first visitor's page (or half a minute without one).
  const firstPage = afterFirstPage(server, { quietMs: 5_000, maxWaitMs: 30_000 });
  // A port in use or a host not on this machine is a setting to fix, not a crash to read.
  const listenFailed = (err: NodeJS.ErrnoException) => {
    console.error(
      `\n  Not started: invalid configuration. Fix:\n  - PORT: ${config.host}:${config.port} ` +
        `cannot be listened on (${err.code ?? err.message}) → a free PORT, or a HOST of this machine\n`,
    );
    process.exit(1);
  };
  server.once('error', listenFailed);
  const listening = new Promise<void>((resolve) =>
    server.listen(config.port, config.host, () => {
      server.off('error', listenFailed);
      timer.mark('listen');
      console.info(`\n  Open ${config.publicUrl}\n`);
      resolve();
    }),
  );

  const shutdown = async (signal: 'SIGINT' | 'SIGTERM') => {
    if (stopping) return;
    // From here readiness answers 503 `stopping`. An orchestrator's SIGTERM: keep serving while
    // the balancer notices, so nothing is sent to a closing listener (decision 0078); a person's
    // Ctrl-C stops at once.
    stopping = true;
    if (signal === 'SIGTERM') await sleep(config.shutdownDelayMs);
    // Requests in flight finish (bounded); then the workers stop, handing back what they hold.
    const drained = drainHttpServer(server, SHUTDOWN_DRAIN_MS);
    // Stopping mid-start: let the start finish, so its workers and child processes stop too.
    const c = await composed.catch(() => null);
    c?.logger.info({ signal }, 'shutting down');
    const requestsFinished = await drained;
    if (!requestsFinished) c?.logger.warn('requests still open after the drain were cut');
    await c?.stop({ drainMs: SHUTDOWN_DRAIN_MS });
    process.exit(0);
  };
  void stop.then(shutdown);

  const { database, logger, startDemo, background } = await composed;
  await listening;
  logger.info(
    { database: database.kind, sandbox: config.sandbox },
    `${config.publicConfig.productName} is running at http://${config.host}:${config.port}`,
  );
  const { failed } = await background;
  logger.info(timer.summary(), 'start-up steps (ms since the process started)');
  if (failed.length)
    logger.error({ failed }, 'not ready: part of the start-up failed (GET /api/health/ready)');
  // After ready and after the first page: its commands, transfers and video render must not take
  // the CPU the first visitor's page needs on a small machine.
  await firstPage;
  void startDemo();
}

/**
 * The web app's build when `npm start` runs one (scripts/start.mjs hands it over before it
 * imports this module); settled already otherwise. A failed build ends the start (main's catch).
 */
function webAppBuilt(): Promise<void> {
  return (
    (globalThis as { upsiderWebAppBuild?: Promise<void> }).upsiderWebAppBuild ?? Promise.resolve()
  );
}

/**
 * The web app's server-render build when `npm start` runs one: the prerender waits for it, the
 * start does not (scripts/start-build.mjs, decision 0069). Its failure was reported there.
 */
function serverRenderBuilt(): Promise<void> {
  const build = (globalThis as { upsiderServerRenderBuild?: Promise<void> })
    .upsiderServerRenderBuild;
  return build ? build.catch(() => {}) : Promise.resolve();
}

main().catch((err) => {
  // Start-up refusals (data folder in use, master key problems) say what to do: no stack trace.
  const refusal = ['KeyringError', 'DataDirLockedError', 'ProductionRefusedError'].includes(
    (err as Error).name,
  );
  console.error(refusal ? `\n  Not started: ${(err as Error).message}\n` : err);
  process.exit(1);
});
