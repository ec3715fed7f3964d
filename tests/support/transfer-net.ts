import { confirmTransfers, type TransferDeps } from '@/core/transfers/index.ts';
import { ensureWalletForUser } from '@/core/wallets/index.ts';
import type { ConstellationClient } from '@/integrations/constellation/index.ts';
import type { Token } from '@/shared/tokens.ts';
import { startConstellationSim } from './constellation-sim.ts';
import { createUser } from './factories.ts';
import { createTestApp } from './test-app.ts';
import { walletTestEnv } from './wallet-env.ts';

/** A test app plus the local Constellation network (snapshots on demand) and transfer deps. */
export async function startTransferNet(
  /** startOrdinal: 0n for a young network (the fee-less limit bites on a first send). */
  opts: { snapshotIntervalMs?: number; feeLessLimit?: boolean; startOrdinal?: bigint } = {},
) {
  const app = await createTestApp(walletTestEnv());
  const net = await startConstellationSim(app.database, opts.snapshotIntervalMs ?? 0, {
    feeLessLimit: opts.feeLessLimit,
    ...(opts.startOrdinal !== undefined ? { startOrdinal: opts.startOrdinal } : {}),
  });
  const deps: TransferDeps = { ...app.deps, constellation: net.client };
  return {
    ...app,
    net,
    deps,
    /** A user with a wallet, optionally funded from the faucet (base units, confirmed). */
    async user(xUserId: string, username: string, fund: Partial<Record<Token, bigint>> = {}) {
      await createUser(app.deps, { xUserId, username });
      const wallet = await ensureWalletForUser(deps, { xUserId });
      for (const [token, units] of Object.entries(fund)) {
        await net.sim.faucet({ token: token as Token, address: wallet.dagAddress, units });
      }
      if (Object.keys(fund).length > 0) await net.sim.tick();
      return wallet;
    },
    /** Snapshot now, then let the poller see it. */
    async settle() {
      await net.sim.tick();
      await confirmTransfers(deps);
    },
    balance: (client: ConstellationClient, token: Token, address: string) =>
      client.getBalance(token, address).then((b) => b.balance),
    async close() {
      await net.close();
      await app.close();
    },
  };
}
