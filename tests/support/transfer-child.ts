// A transfer worker process for the crash test (tests/integration/core/transfers/transfers-crash.test.ts):
// reconciles, then drives the planned transfers until the parent kills it with SIGKILL.
// Input: env CRASH_CHILD = JSON {databaseUrl, publicUrl, masterKeys, fromWalletId, plan[]}.

import {
  confirmTransfers,
  reconcileTransfers,
  type TransferDeps,
  TransferError,
  transfer,
} from '@/core/transfers/index.ts';
import { openDatabase } from '@/db/client.ts';
import { createConstellationClient } from '@/integrations/constellation/index.ts';
import { loadConfig } from '@/main/config.ts';
import { createLogger } from '@/main/logger.ts';
import { sandboxConstellationClientConfig } from '@/sandbox/constellation/client-config.ts';
import { seededRandom } from './seed.ts';

export interface CrashPlanItem {
  key: string;
  to: string;
  amount: string; // base units, or 'all'
}
export interface CrashChildInput {
  databaseUrl: string;
  publicUrl: string;
  masterKeys: string;
  fromWalletId: string;
  plan: CrashPlanItem[];
  /** Which of the test's children this is: its own stream of the run's seed (seed.ts). */
  chaosStream: string;
}

const input = JSON.parse(process.env.CRASH_CHILD ?? '{}') as CrashChildInput;
const chaos = seededRandom(input.chaosStream);
const database = await openDatabase({ url: input.databaseUrl });
const config = loadConfig({ NODE_ENV: 'test', WALLET_MASTER_KEYS: input.masterKeys });
const deps: TransferDeps = {
  config,
  db: database.db,
  logger: createLogger('silent'),
  constellation: createConstellationClient(sandboxConstellationClientConfig(input.publicUrl)),
};

process.stdout.write('ready\n');
await reconcileTransfers(deps);
for (const item of input.plan) {
  try {
    await transfer(deps, {
      from: { walletId: input.fromWalletId },
      to: { address: item.to },
      token: 'UP',
      amount: item.amount === 'all' ? 'all' : BigInt(item.amount),
      idempotencyKey: item.key,
      feeTier: 'free',
    });
  } catch (err) {
    if (!(err instanceof TransferError)) throw err;
  }
  if (chaos() < 0.2) await confirmTransfers(deps);
}
process.stdout.write('done\n');
await database.close();
