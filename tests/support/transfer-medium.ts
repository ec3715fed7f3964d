import { eq } from 'drizzle-orm';
import type { TransferDeps } from '@/core/transfers/index.ts';
import { ensureWalletForUser } from '@/core/wallets/index.ts';
import { transferTransactions } from '@/db/schema/index.ts';
import { loadConfig } from '@/main/config.ts';
import { createLogger } from '@/main/logger.ts';
import { createUser } from './factories.ts';
import { fakeConstellation } from './fake-constellation.ts';
import { createTestDatabase } from './test-db.ts';
import { walletTestEnv } from './wallet-env.ts';

/**
 * The transfer service alone, for medium tests of its entry points: one migrated database per
 * test file (PGlite, or PostgreSQL in the integration-postgres pass) and, per test, a fresh
 * in-memory network. No app, no HTTP, no workers: tests call `transfer()` and
 * `confirmTransfers()` themselves. Tests share the database, so each uses its own users.
 */
export async function openTransferMedium() {
  const database = await createTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', ...walletTestEnv() });
  const logger = createLogger('silent');
  return {
    /** A network that has seen nothing yet, and the deps of a service talking to it. */
    network() {
      const network = fakeConstellation();
      const deps: TransferDeps = { db: database.db, config, logger, constellation: network.client };
      return {
        deps,
        network,
        /** A user with a wallet, holding `units` of UP on this network. */
        async user(xUserId: string, units = 0n) {
          await createUser(deps, { xUserId, username: `user_${xUserId}` });
          const wallet = await ensureWalletForUser(deps, { xUserId });
          if (units > 0n) network.fund('UP', wallet.dagAddress, units);
          return wallet;
        },
        /** The legs one source address signed, in chain order. */
        legsFrom: (sourceAddress: string) =>
          deps.db
            .select({
              kind: transferTransactions.kind,
              hash: transferTransactions.hash,
              state: transferTransactions.state,
              destination: transferTransactions.destinationAddress,
              amount: transferTransactions.amount,
            })
            .from(transferTransactions)
            .where(eq(transferTransactions.sourceAddress, sourceAddress))
            .orderBy(transferTransactions.ordinal),
      };
    },
    close: () => database.close(),
  };
}

export const UP = 100_000_000n;

/** A free-tier UP send between two X accounts: the request both medium tests make. */
export const send = (from: string, to: string, amount: bigint, idempotencyKey: string) => ({
  from: { xUserId: from },
  to: { xUserId: to },
  token: 'UP',
  amount,
  idempotencyKey,
  feeTier: 'free' as const,
});
