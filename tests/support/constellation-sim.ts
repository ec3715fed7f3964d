import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import type { Database } from '@/db/client.ts';
import {
  createConstellationClient,
  randomSalt,
  type TransactionReference,
  type TransactionValue,
} from '@/integrations/constellation/index.ts';
import { loadConfig } from '@/main/config.ts';
import { createLogger } from '@/main/logger.ts';
import {
  CONSTELLATION_SANDBOX_PATH,
  sandboxConstellationClientConfig,
} from '@/sandbox/constellation/client-config.ts';
import { createConstellationSandbox } from '@/sandbox/constellation/service.ts';
import { migrateSandbox } from '@/sandbox/db/migrate.ts';
import type { SetTimer } from '@/shared/loop.ts';
import { UNITS_PER_TOKEN } from '@/shared/tokens.ts';

/**
 * The local Constellation network on its own, served over real HTTP on a free port, with the
 * product's client pointed at it. Snapshots only on demand (tick) unless an interval is given;
 * then on real timers, or on `clock` (tests/support/manual-timers.ts) stepped by the test.
 */
export async function startConstellationSim(
  database: Database,
  snapshotIntervalMs = 0,
  /** The fee-less rate limit is off in tests unless asked (snapshots come on demand). */
  /** startOrdinal: the first snapshot's (default mainnet-like; 0n: a young network). */
  rules: {
    feeLessLimit?: boolean;
    startOrdinal?: bigint;
    clock?: { now: () => Date; setTimer: SetTimer };
  } = {},
) {
  await migrateSandbox(database);
  const config = loadConfig({ NODE_ENV: 'test', PORT: '0' });
  const now = rules.clock?.now ?? (() => new Date());
  const deps = { config, db: database.db, logger: createLogger('silent'), now };
  const root = new Hono();
  const server = serve({ fetch: root.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  const address = server.address();
  const publicUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const sim = await createConstellationSandbox(
    { database, config, logger: deps.logger, now, setTimer: rules.clock?.setTimer, publicUrl },
    { snapshotIntervalMs, feeLessLimit: rules.feeLessLimit, startOrdinal: rules.startOrdinal },
  );
  root.route(CONSTELLATION_SANDBOX_PATH, sim.app);
  const client = createConstellationClient(
    sandboxConstellationClientConfig(publicUrl, { feeLessLimit: rules.feeLessLimit ?? false }),
  );
  return {
    sim,
    client,
    publicUrl,
    base: `${publicUrl}${CONSTELLATION_SANDBOX_PATH}`,
    async close() {
      await sim.stop();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** An unsigned, fee-less transfer of whole tokens with a fresh salt. */
export function transferValue(
  source: string,
  destination: string,
  tokens: bigint,
  parent: TransactionReference,
): TransactionValue {
  return {
    source,
    destination,
    amount: tokens * UNITS_PER_TOKEN,
    fee: 0n,
    parent,
    salt: randomSalt(),
  };
}
