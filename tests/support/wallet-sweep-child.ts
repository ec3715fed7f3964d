// A sweep process for tests/integration/core/wallet-sweep/wallets-sweep-sigkill.test.ts: the sweep's own
// sweepWallets against the shared PostgreSQL database and the parent's local network, whose
// client stops after the network accepted its `killAfterPosts`-th transaction (before the sweep
// records it): prints 'submitted' and waits there for the parent's SIGKILL.
// Input: env SWEEP_CHILD = JSON {databaseUrl, publicUrl, masterKeys, killAfterPosts}.

import type { TransferDeps } from '@/core/transfers/index.ts';
import { sweepWallets } from '@/core/wallet-sweep/index.ts';
import { openDatabase } from '@/db/client.ts';
import { createConstellationClient } from '@/integrations/constellation/index.ts';
import { loadConfig } from '@/main/config.ts';
import { createLogger } from '@/main/logger.ts';
import { sandboxConstellationClientConfig } from '@/sandbox/constellation/client-config.ts';

export interface SweepChildInput {
  databaseUrl: string;
  publicUrl: string;
  masterKeys: string;
  killAfterPosts: number;
}

const input = JSON.parse(process.env.SWEEP_CHILD ?? '{}') as SweepChildInput;
const database = await openDatabase({ url: input.databaseUrl });
const network = createConstellationClient(sandboxConstellationClientConfig(input.publicUrl));
let posts = 0;
const constellation: typeof network = {
  ...network,
  async postTransaction(token, signed) {
    const answer = await network.postTransaction(token, signed);
    if (++posts < input.killAfterPosts) return answer;
    process.stdout.write('submitted\n');
    return new Promise<never>(() => {}); // never returns: the parent kills us here
  },
};
const deps: TransferDeps = {
  config: loadConfig({ NODE_ENV: 'test', WALLET_MASTER_KEYS: input.masterKeys }),
  db: database.db,
  logger: createLogger('silent'),
  constellation,
};
await sweepWallets(deps);
process.stdout.write('done\n');
await database.close();
