import path from 'node:path';
import { loadSite } from '@/api/app.ts';
import { FastJsonRoutes } from '@/api/http/fast-json.ts';
import { prerenderPublicPages } from '@/api/site/prerender.ts';
import type { StartUpOutcome } from '@/api/site/starting-listener.ts';
import type { StaticSite } from '@/api/site/static-site.ts';
import { verifyTokenKeys } from '@/core/crypto/verify-token-keys.ts';
import {
  type BaseChainSettings,
  startBaseHoldersIndexer,
  startConstellationHoldersIndexer,
} from '@/core/holders/start-holder-indexers.ts';
import { provisionSystemWallets, verifyMasterKeys } from '@/core/wallets/index.ts';
import type { Database } from '@/db/client.ts';
import { startBaseChainEarly } from '@/sandbox/base/background.ts';
import type { BaseChain } from '@/sandbox/base/chain.ts';
import type { BaseSandbox } from '@/sandbox/base/service.ts';
import { loadSandboxSystemKeys } from '@/sandbox/constellation/genesis.ts';
import { runDemo } from '@/sandbox/demo/run-demo.ts';
import type { SandboxService } from '@/sandbox/mount.ts';
import { startSandbox } from '@/sandbox/mount.ts';
import { sandboxMounts } from '@/sandbox/product-admin/rewards-admin.ts';
import { issueSandboxUserToken } from '@/sandbox/x/accounts.ts';
import type { XLimits } from '@/sandbox/x/context.ts';
import { composeProduct, type SandboxStarter } from './compose-product.ts';
import type { Config } from './config.ts';
import { SANDBOX_POLYMARKET } from './config-portfolio.ts';
import { createLogger } from './logger.ts';
import { closeServer, startMetricsServer } from './metrics/server.ts';
import { openStartDatabase } from './open-start-database.ts';
import { assertProductionData } from './production/data-refusals.ts';
import { tighten } from './secure-data-dir.ts';
import { type StartUpTimer, startUpTimer } from './start-up-timer.ts';
import { startWorkers } from './start-workers.ts';

/**
 * Composition root: config → database → dependencies → app (+ the sandbox in sandbox mode).
 * Used by `npm start` (main.ts) and `npm run dev` (scripts/dev.ts). The only product file
 * allowed to import the sandbox.
 */
export interface BootstrapOptions {
  distDir?: string;
  startAgentLoops?: boolean;
  /** The built site, when the caller loaded it already (server.ts listens with it first). */
  site?: StaticSite | null;
  timer?: StartUpTimer;
  /** Where the poll routes register for the server's fast path (server.ts makes it first). */
  polls?: FastJsonRoutes;
  /** The database, when the caller began opening it already (openStartDatabase). */
  database?: Promise<Database>;
  /** The local Base node, when the caller started it (tests: one whose start fails). */
  baseChain?: Promise<BaseChain>;
  /** The web app's server-render build when it is still running (`npm start`): the prerender waits. */
  serverRenderBuild?: Promise<void>;
}

/**
 * The sandbox's local Base node (none outside the sandbox or with BASE_RPC_URL). It needs no
 * database: it starts while the database opens, and under `npm start` while the web app builds
 * (server.ts hands it to bootstrap as `baseChain`).
 */
export function startLocalBaseNode(config: Config): Promise<BaseChain> | undefined {
  if (!config.sandbox || config.holders.base.rpcUrl) return undefined;
  return startBaseChainEarly();
}

export async function bootstrap(config: Config, opts: BootstrapOptions = {}) {
  const timer = opts.timer ?? startUpTimer();
  const baseNode = opts.baseChain ?? startLocalBaseNode(config);
  baseNode?.then(() => timer.mark('baseNode')).catch(() => {});
  const opening = opts.database ?? openStartDatabase(config, { tightenDatabaseLater: true });
  const database = await opening.catch(async (err) => {
    await undoStart(config, { baseNode });
    throw err;
  });
  timer.mark('database');
  try {
    return await compose(config, database, opts, timer, baseNode);
  } catch (err) {
    await undoStart(config, { baseNode, database });
    throw err;
  }
}

/**
 * Ends what a start has begun before it is composed: the local Base node (its process would
 * outlive a caller that goes on, as a test runner does) and the open database with its data
 * folder's lock. For a refused start, and for `npm start` stopped while the web app still builds
 * (server.ts).
 */
export async function undoStart(
  config: Config,
  started: { baseNode?: Promise<BaseChain>; database?: Database | null },
) {
  await started.baseNode?.then(
    (chain) => chain.anvil.stop(),
    () => {},
  );
  if (!started.database) return;
  await started.database.close();
  // As stop() does: the database's files were left for after ready (openStartDatabase).
  if (started.database.kind === 'pglite') tightenQuietly(config.dataDir);
}

async function compose(
  config: Config,
  database: Database,
  opts: BootstrapOptions,
  timer: StartUpTimer,
  baseNode: Promise<BaseChain> | undefined,
) {
  const logger = createLogger(config.logLevel);
  await verifyMasterKeys({ db: database.db, config });
  await verifyTokenKeys({ db: database.db, config });
  // Before anything is provisioned or mounted: production never runs on the sandbox's data.
  await assertProductionData(database.db, config);
  timer.mark('masterKeys');
  const distDir = opts.distDir ?? path.resolve('dist/web');
  const site = opts.site !== undefined ? opts.site : loadSite({ config }, distDir);
  const polls = opts.polls ?? new FastJsonRoutes();
  // In sandbox mode the simulators are mounted on this very app: the clients call them in-process.
  const product = await composeProduct(config, database, {
    logger,
    inProcess: (url) => config.sandbox && url.startsWith(config.publicUrl),
    sandbox: config.sandbox
      ? localSandbox({ withBase: Boolean(baseNode), baseChain: baseNode })
      : null,
    // System wallets before anything pays a fee; in sandbox mode with the keys the local genesis
    // funded (decision 0003).
    prepare: async (deps) => {
      timer.mark('sandbox');
      const importKeys = config.sandbox ? sandboxSystemWalletKeys() : {};
      await provisionSystemWallets(deps, { importKeys });
      timer.mark('systemWallets');
    },
    // The X agent: in sandbox mode its local-X account is created and connected right here.
    agent: { env: process.env, push: config.x.push },
    app: { site, polls },
  });
  const { app, deps, sandbox } = product;
  const { metrics: metricsConfig } = config;
  const metricsServer =
    metricsConfig.port === null
      ? null
      : await startMetricsServer(
          { ...metricsConfig, port: metricsConfig.port },
          product.metrics,
          logger,
        );
  if (!product.agent) throw new Error('the product is composed with its agent');
  const agent = product.agent;
  timer.mark('app');
  // The indexers start after the app exists: in sandbox mode their first read goes to the
  // simulators mounted on it.
  const constellationHolders = await startConstellationHoldersIndexer(deps);
  // The local Base node (sandbox) starts in the background: its indexer follows once it runs.
  const baseHolders = (sandbox?.base ?? Promise.resolve(null)).then(() =>
    startBaseHoldersIndexer(deps, baseChain(config, sandbox?.services)),
  );
  // The workers start once the Base holders indexer has (or failed to), just before ready: their
  // first passes (the agent's inbox, transfer reconciliation, the bot's book...) ran while
  // readiness waited on the indexer's first statement, holding it back 70–240 ms at a restart
  // (decision 0081). Ready still means every part started. Not if the start was stopped first.
  let stopped = false;
  const workers = baseHolders
    .catch(() => null)
    .then(() => {
      if (stopped) return null;
      const agentLoops = opts.startAgentLoops ?? agent.config.inProcess;
      const started = startWorkers({ config, deps, database, agent, agentLoops });
      timer.mark('workers');
      return started;
    });
  // What failed there is no reason to stop the server, but readiness says it (503 naming it).
  const background = workers.then(() =>
    baseHolders.then(
      (): StartUpOutcome => {
        timer.mark('background');
        const failed = sandbox?.failed ?? [];
        return { failed: failed.map((t) => ({ part: t.name, message: t.message })) };
      },
      (err: Error): StartUpOutcome => {
        logger.error({ err }, 'base holders indexer did not start');
        const message = `The Base holders indexer did not start: ${err.message}`;
        return { failed: [{ part: 'base-holders', message }] };
      },
    ),
  );
  // PGlite's files, left by openStartDatabase, tightened once ready; PGlite sets their modes
  // itself too (0666 at initdb, its relation cache's 0644 at every open). Walking its ~1,400
  // files took 15 ms of the main thread quiet, 80 ms on a busy machine, twice before ready; the
  // folder is 0700 from the start on, so no other user reaches any of them meanwhile (0081).
  void background.then(() => {
    if (stopped) return; // stop() tightens last
    tightenQuietly(config.dataDir, (err) =>
      logger.warn({ err }, 'the data folder could not be tightened'),
    );
  });
  // Public pages rendered once, in the background: until then they get the plain shell. The
  // renderer's child (2,000 modules, brotli 11) starts once the start-up is done: on a busy
  // machine it took the core readiness waited on (decision 0069). Kept pages load at once.
  const prerendered = site
    ? prerenderPublicPages(site, {
        ssrDir: path.join(path.dirname(distDir), 'web-ssr'),
        // Kept with the build: a restart with the same build and config renders nothing.
        cacheFile: path.join(path.dirname(distDir), 'cache', 'prerendered.json'),
        publicConfig: config.publicConfig,
        logger,
        serverRenderBuild: opts.serverRenderBuild,
        renderAfter: background,
      })
    : Promise.resolve([]);
  timer.mark('holderIndexers');
  return {
    app,
    site,
    /** The poll endpoints the server answers from memory (see api/http/fast-json.ts). */
    polls,
    /** Settles when what starts after the app (the local Base node, its indexer) is done, with
     * the parts that failed. */
    background,
    /** Resolves with the paths served prerendered once they are. */
    prerendered,
    deps,
    database,
    logger,
    /** Starts the first-start demo in the background (sandbox mode, unless SANDBOX_DEMO=false). */
    startDemo() {
      if (!sandbox || !config.sandboxDemo) return null;
      return runDemo({
        deps,
        request: app.request,
        publicUrl: config.publicUrl,
        botAnalysesKey: SANDBOX_POLYMARKET.analysesKey,
      });
    },
    /** `drainMs`: how long the agent's steps in flight may take before they are handed back. */
    async stop(opts: { drainMs?: number } = {}) {
      stopped = true;
      await closeServer(metricsServer);
      await (await workers)?.stop(opts);
      await constellationHolders.stop();
      await (await baseHolders.catch(() => null))?.stop();
      await sandbox?.stop();
      await database.close();
      if (database.kind === 'pglite') tighten(config.dataDir);
    },
  };
}

/**
 * The simulators, mounted on the product's own app. Here because this is the one product file
 * that may import the sandbox; the test harnesses compose with it too.
 */
export function localSandbox(
  opts: { withBase?: boolean; baseChain?: Promise<BaseChain>; xLimits?: Partial<XLimits> } = {},
): SandboxStarter<SandboxHandle> {
  return async ({ config, database, logger, now, fetch }) => {
    const publicUrl = config.publicUrl;
    const sandbox = await startSandbox({
      database,
      config,
      logger,
      now,
      publicUrl,
      fetch,
      ...opts,
    });
    const x = sandbox.services.find((s) => s.name === 'x')?.describe();
    return {
      handle: sandbox,
      localX: x && {
        clientId: String(x.clientId),
        clientSecret: String(x.clientSecret),
        appBearerToken: String(x.appBearerToken),
      },
      mounts: (deps) => sandboxMounts(deps, sandbox),
      connectAccount: (handle) =>
        issueSandboxUserToken({ now, database, publicUrl }, { username: handle }),
    };
  };
}
export type SandboxHandle = Awaited<ReturnType<typeof startSandbox>>;

function sandboxSystemWalletKeys() {
  const keys = loadSandboxSystemKeys();
  const bytes = (hex: string) => Uint8Array.from(Buffer.from(hex, 'hex'));
  return {
    treasury: bytes(keys.treasury.privateKey),
    fees: bytes(keys.feeWallet.privateKey),
    rewards: bytes(keys.rewardsPool.privateKey),
  };
}

/** The Base chain to index: BASE_RPC_URL + BASE_UP_CONTRACT, else the sandbox's anvil (if it runs). */
export function baseChain(
  config: Config,
  services: SandboxService[] = [],
): BaseChainSettings | null {
  const b = config.holders.base;
  if (b.rpcUrl && b.contract) {
    return {
      rpcUrl: b.rpcUrl,
      contract: b.contract,
      startBlock: b.startBlock,
      bridgeAddresses: b.bridgeAddresses,
      liquidityPoolAddress: b.liquidityPoolAddress,
    };
  }
  const local = services.find((s) => s.name === 'base') as BaseSandbox | undefined;
  if (!local) return null;
  return {
    // Through the faultable passthrough (decision 0064), not straight to anvil.
    rpcUrl: local.productRpc.url,
    fetch: local.productRpc.fetch,
    contract: local.contract,
    startBlock: local.startBlock,
    bridgeAddresses: b.bridgeAddresses.length ? b.bridgeAddresses : local.genesis.bridge,
    liquidityPoolAddress: b.liquidityPoolAddress ?? local.genesis.liquidityPool,
  };
}

/** tighten(), its failure (the folder gone: a test's cleanup) handed to `onError`, not thrown. */
function tightenQuietly(dataDir: string, onError: (err: unknown) => void = () => {}) {
  try {
    tighten(dataDir);
  } catch (err) {
    onError(err);
  }
}
