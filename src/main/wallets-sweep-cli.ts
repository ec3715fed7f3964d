import { isPaused } from '@/agent/engine/paused.ts';
import type { TransferDeps } from '@/core/transfers/index.ts';
import {
  findOpenRun,
  lastFinishedSweep,
  SweepError,
  sweepPlan,
  sweepWallets,
} from '@/core/wallet-sweep/index.ts';
import { type Database, openDatabase } from '@/db/client.ts';
import { createConstellationClient } from '@/integrations/constellation/index.ts';
import { formatTokenAmountExact } from '@/shared/units.ts';
import { loadConfigOrExit } from './config.ts';
import { loadAgentConfig } from './config-agent.ts';
import { createLogger } from './logger.ts';

const USAGE = 'usage: npm run wallets:sweep -- [--dry-run] [--new-run]';

/**
 * The key-compromise sweep (docs/OPERATIONS.md "Key compromise: sweep", decision 0047): every
 * custodial wallet gets a fresh key and its funds move to it. `--dry-run` prints what would move
 * and changes nothing. Refuses unless the agent is paused (`npm run agent:pause`): the operator
 * stops money movements first, the sweep does not decide that for them. A crashed or timed-out
 * run continues where it stopped when run again; after a finished run a new one needs
 * `--new-run`. Exit codes: 0 done, 1 failed or still confirming (run again), 2 refused.
 */
async function main(args: string[]): Promise<number> {
  const unknown = args.filter((a) => a !== '--dry-run' && a !== '--new-run');
  if (unknown.length > 0) return refuse(USAGE);
  const config = loadConfigOrExit();
  if (!config.databaseUrl && config.sandbox) {
    return refuse(
      'Embedded sandbox: the local network runs inside `npm start`, which holds the database. ' +
        'Run the sweep with DATABASE_URL (PostgreSQL) while the server runs.',
    );
  }
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    const deps: TransferDeps = {
      db: database.db,
      config,
      logger: createLogger(process.env.LOG_LEVEL ?? 'warn'),
      constellation: createConstellationClient(config.constellation),
    };
    if (args.includes('--dry-run')) return await dryRun(deps);
    return await sweep(deps, database, args.includes('--new-run'));
  } finally {
    await database.close();
  }
}

async function dryRun(deps: TransferDeps) {
  const plan = await sweepPlan(deps);
  for (const l of plan.lines) {
    console.info(`${l.owner}  ${l.address}  ${formatTokenAmountExact(l.amount)} ${l.token}`);
  }
  console.info(
    `Dry run: ${plan.wallets} wallets would get new keys; ${plan.lines.length} balances would move. ` +
      'Nothing was changed. Base (EVM) addresses hold nothing the product credits: not moved.',
  );
  return 0;
}

async function sweep(deps: TransferDeps, database: Database, newRun: boolean) {
  const agent = loadAgentConfig(process.env, { sandbox: deps.config.sandbox });
  if (!(await isPaused(database.db, agent.paused))) {
    return refuse('The agent is not paused: run `npm run agent:pause` first, then sweep.');
  }
  const last = (await findOpenRun(database.db)) ? null : await lastFinishedSweep(database.db);
  if (last && !newRun) {
    return refuse(
      `The last sweep finished at ${last.finishedAt?.toISOString()}; to re-key every wallet ` +
        'again, run with --new-run.',
    );
  }
  try {
    const result = await sweepWallets(deps, { progress: (line) => console.info(line) });
    for (const f of result.failed) console.error(`wallet ${f.walletId} failed: ${f.error}`);
    console.info(
      `Sweep run ${result.runId}: ${result.moved} wallets moved, ${result.failed.length} failed, ` +
        `${result.open} still confirming.${result.open || result.failed.length ? ' Run again to continue.' : ' Done.'}`,
    );
    return result.open || result.failed.length ? 1 : 0;
  } catch (err) {
    if (err instanceof SweepError) return refuse(err.message);
    throw err;
  }
}

function refuse(message: string) {
  console.error(message);
  return 2;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
