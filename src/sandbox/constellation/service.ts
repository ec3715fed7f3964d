import { Hono } from 'hono';
import { createConstellationClient } from '@/integrations/constellation/index.ts';
import { TOKENS, type Token } from '@/shared/tokens.ts';
import { installFaults } from '../faults/routes.ts';
import type { SandboxContext, SandboxService } from '../sandbox-service.ts';
import {
  CONSTELLATION_SANDBOX_PATH,
  sandboxConstellationClientConfig,
  sandboxConstellationUrls,
} from './client-config.ts';
import { explorerPageRoutes } from './explorer-pages/routes.ts';
import { sendFromFaucet } from './faucet.ts';
import { explorerLag } from './faults.ts';
import { knownAddressLabels, loadGenesis, loadSandboxSystemKeys } from './genesis.ts';
import { seedGenesis } from './ledger.ts';
import { MAINNET_LIKE_START_ORDINAL, tokenNetworks } from './network.ts';
import { adminRoutes } from './routes/admin.ts';
import { explorerRoutes } from './routes/explorer.ts';
import { l0Routes } from './routes/l0.ts';
import { l1Routes } from './routes/l1.ts';
import { produceSnapshot } from './snapshot.ts';
import { startSnapshotLoop } from './snapshot-loop.ts';
import { nodeIdentity } from './snapshot-proofs.ts';

export const DEFAULT_SNAPSHOT_INTERVAL_MS = 2000;

export interface ConstellationSandboxOptions {
  /** 0 = no timer: snapshots only by tick() or POST /_admin/snapshot. */
  snapshotIntervalMs?: number;
  /** Enforce the fee-less rate limit on every L1 (default: the settings', else on). */
  feeLessLimit?: boolean;
  /** The first snapshot's ordinal (default: the settings', else mainnet-like; network.ts). */
  startOrdinal?: bigint;
}

/**
 * The local Constellation network: DAG L0/L1, UP and DOR metagraph L0/L1 and a block explorer,
 * persisted in the sandbox tables, with snapshots every `snapshotIntervalMs`.
 */
export async function createConstellationSandbox(
  ctx: SandboxContext,
  opts: ConstellationSandboxOptions = {},
) {
  const db = ctx.database.db;
  const now = () => ctx.now();
  const intervalMs =
    opts.snapshotIntervalMs ??
    ctx.config.constellation?.snapshotIntervalMs ??
    DEFAULT_SNAPSHOT_INTERVAL_MS;
  const genesis = loadGenesis();
  const feeLessLimit = opts.feeLessLimit ?? ctx.config.constellation?.feeLessLimit ?? true;
  const nets = tokenNetworks(genesis, { feeLessLimit });
  const startOrdinal =
    opts.startOrdinal ?? ctx.config.constellation?.startOrdinal ?? MAINNET_LIKE_START_ORDINAL;
  await seedGenesis(db, genesis, Object.values(nets), now(), startOrdinal);

  const app = new Hono();
  installFaults(app, {
    db,
    service: 'constellation',
    basePath: CONSTELLATION_SANDBOX_PATH,
    setTimer: ctx.setTimer,
  });
  for (const token of TOKENS) {
    const sim = { db, net: nets[token], now, ...nodeIdentity() };
    app.route(`/${token.toLowerCase()}-l0`, l0Routes(sim));
    app.route(`/${token.toLowerCase()}-l1`, l1Routes(sim));
  }
  app.use('/be/*', explorerLag(db));
  app.route('/be', explorerRoutes(db, Object.values(nets)));
  const labels = new Map(genesis.wallets.map((w) => [w.address, w.label]));
  app.route('/explorer', explorerPageRoutes({ db, nets, labels }));

  // The faucet talks to this very app through the product's client: mounted under its path and
  // dispatched in-process, so it works before the HTTP server listens and behind any proxy.
  const self = new Hono().route(CONSTELLATION_SANDBOX_PATH, app);
  const client = createConstellationClient(
    sandboxConstellationClientConfig(ctx.publicUrl, {
      genesis,
      feeLessLimit,
      fetch: async (url, init) => self.request(url, init),
    }),
  );
  const snapshot = async (tokens: readonly Token[], force = true) => {
    const out: Record<string, bigint | null> = {};
    for (const token of tokens) {
      out[token] =
        (await produceSnapshot(db, nets[token], { now: now(), intervalMs, force }))?.ordinal ??
        null;
    }
    return out;
  };
  const faucet = (req: { token: Token; address: string; units: bigint }) =>
    sendFromFaucet(client, genesis.faucet, req);
  app.route('/_admin', adminRoutes({ faucet, snapshot }));
  // Nothing else lives here: not the web app's page (issue 42); each node and the explorer
  // answer their own 404 above.
  app.all('*', (c) =>
    c.json({ error: { code: 'not_found', message: `No such sandbox path: ${c.req.path}` } }, 404),
  );

  const timer =
    intervalMs > 0
      ? startSnapshotLoop({
          db,
          intervalMs,
          snapshot: () => snapshot(TOKENS, false),
          logger: ctx.logger,
          setTimer: ctx.setTimer,
        })
      : null;

  const urls = sandboxConstellationUrls(ctx.publicUrl);
  return {
    name: 'constellation',
    path: CONSTELLATION_SANDBOX_PATH,
    app,
    describe: () => ({
      ...urls,
      metagraphIds: genesis.metagraphIds,
      snapshotIntervalMs: intervalMs,
      feeLessLimit,
      startOrdinal: Number(startOrdinal),
      faucet: {
        address: genesis.faucet.address,
        endpoint: `${ctx.publicUrl}${CONSTELLATION_SANDBOX_PATH}/_admin/faucet`,
      },
      /** Human-readable pages: `{explorerUrl}/address/{address}`, `{explorerUrl}/transactions/{hash}`. */
      explorerUrl: `${ctx.publicUrl}${CONSTELLATION_SANDBOX_PATH}/explorer`,
      forceSnapshot: `${ctx.publicUrl}${CONSTELLATION_SANDBOX_PATH}/_admin/snapshot`,
      knownAddresses: knownAddressLabels(genesis),
      wallets: genesis.wallets,
    }),
    async stop() {
      await timer?.stop();
    },
    /** Makes a snapshot of every token now (tests). */
    tick: () => snapshot(TOKENS),
    faucet,
    genesis,
    systemKeys: () => loadSandboxSystemKeys(),
  } satisfies SandboxService & Record<string, unknown>;
}

export type ConstellationSandbox = Awaited<ReturnType<typeof createConstellationSandbox>>;
