import path from 'node:path';
import { z } from 'zod';
import { dagAddress } from './config-fields.ts';

/** Environment of the custodial wallets and transfers (in .env.example). */
export const walletsEnvShape = {
  /** Master keys for wallet private keys, "keyId:base64(32 bytes),..." (first = current). Default: generated into DATA_DIR/master.key. */
  WALLET_MASTER_KEYS: z.string().min(1).optional(),
  /** Known addresses shown (not in circulation) with labels. In sandbox mode they default to local addresses. */
  LIQUIDITY_POOL_ADDRESS: dagAddress.optional(),
  LIQUIDITY_POOL_LABEL: z.string().min(1).default('Liquidity pool'),
  BRIDGE_COLLATERAL_ADDRESS: dagAddress.optional(),
  BRIDGE_COLLATERAL_LABEL: z.string().min(1).default('Bridge collateral'),
  BURN_ADDRESS: dagAddress.optional(),
  BURN_LABEL: z.string().min(1).default('Burn wallet'),
  /** How often submitted transfers are checked against the block explorer. */
  TRANSFER_CONFIRM_INTERVAL_MS: z.coerce.number().int().min(100).default(2000),
  /** Days money sent to an X account that never signed in waits before it returns to the sender (fractions allowed, for tests). */
  UNCLAIMED_RETURN_DAYS: z.coerce.number().positive().max(3650).default(30),
};

const walletsEnvSchema = z.object(walletsEnvShape);
type WalletsEnv = z.output<typeof walletsEnvSchema>;

/** Custodial wallets: master keys (behind a function, so logging the config never prints them). */
export function walletsConfig(env: WalletsEnv, dataDir: string) {
  const masterKeys = env.WALLET_MASTER_KEYS;
  return {
    readMasterKeys: () => masterKeys,
    masterKeyFile: path.join(dataDir, 'master.key'),
    knownAddresses: {
      liquidityPool: { address: env.LIQUIDITY_POOL_ADDRESS, label: env.LIQUIDITY_POOL_LABEL },
      bridgeCollateral: {
        address: env.BRIDGE_COLLATERAL_ADDRESS,
        label: env.BRIDGE_COLLATERAL_LABEL,
      },
      burn: { address: env.BURN_ADDRESS, label: env.BURN_LABEL },
    },
    confirmIntervalMs: env.TRANSFER_CONFIRM_INTERVAL_MS,
    unclaimedReturnDays: env.UNCLAIMED_RETURN_DAYS,
  };
}
