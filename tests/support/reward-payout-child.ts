// A rewards worker process for tests/integration/core/rewards/rewards-sigkill.test.ts: pays a closed month's
// planned payouts (the job's own payRewardMonth) against the shared PostgreSQL database.
// Input: env REWARD_CHILD = JSON {databaseUrl, publicUrl, masterKeys, month, pauseAfterFirstSubmit}.
// With pauseAfterFirstSubmit it stops once the first payout's transaction has been recorded and
// accepted by the network (before the payout row is marked paid), prints 'submitted' and waits
// for the parent's SIGKILL: a real process death at the one point a re-run could pay twice.

import { payRewardMonth } from '@/core/rewards/index.ts';
import type { TransferDeps } from '@/core/transfers/index.ts';
import { openDatabase } from '@/db/client.ts';
import { createConstellationClient } from '@/integrations/constellation/index.ts';
import { loadConfig } from '@/main/config.ts';
import { createLogger } from '@/main/logger.ts';
import { sandboxConstellationClientConfig } from '@/sandbox/constellation/client-config.ts';

export interface RewardChildInput {
  databaseUrl: string;
  publicUrl: string;
  masterKeys: string;
  month: string;
  pauseAfterFirstSubmit: boolean;
}

const input = JSON.parse(process.env.REWARD_CHILD ?? '{}') as RewardChildInput;
const database = await openDatabase({ url: input.databaseUrl });
const network = createConstellationClient(sandboxConstellationClientConfig(input.publicUrl));
const constellation: typeof network = input.pauseAfterFirstSubmit
  ? {
      ...network,
      async postTransaction(token, signed) {
        await network.postTransaction(token, signed);
        process.stdout.write('submitted\n');
        return new Promise<never>(() => {}); // never returns: the parent kills us here
      },
    }
  : network;
const deps: TransferDeps = {
  config: loadConfig({ NODE_ENV: 'test', WALLET_MASTER_KEYS: input.masterKeys }),
  db: database.db,
  logger: createLogger('silent'),
  constellation,
};

process.stdout.write('ready\n');
await payRewardMonth(deps, { month: input.month });
process.stdout.write('done\n');
await database.close();
