import path from 'node:path';
import { z } from 'zod';
import { dagAddress } from './config-fields.ts';

/** Environment of the custodial wallets and transfers (in .env.example). */
export const walletsEnvShape = {
  /** Master keys for wallet private keys, "keyId:base64(32 bytes),..." (first = current). Default: the key file below. */
  WALLET_MASTER_KEYS: z.string().min(1).optional(),
  /** The master key file (generated when missing). Default DATA_DIR/master.key; production needs it outside DATA_DIR and the backups. */
  WALLET_MASTER_KEY_FILE: z.string().min(1).optional(),
  /** 'env' (the keys above) or 'pkcs11' (an HSM seals wallet keys; the keys above only open older rows). */
  WALLET_KEY_PROVIDER: z.enum(['env', 'pkcs11']).default('env'),
  /** PKCS#11: the vendor's library, the token (label or slot id), the user PIN, the AES key labels (first = current). */
  WALLET_PKCS11_MODULE: z.string().min(1).optional(),
  WALLET_PKCS11_TOKEN_LABEL: z.string().min(1).optional(),
  WALLET_PKCS11_SLOT: z.string().regex(/^\d+$/).optional(),
  WALLET_PKCS11_PIN: z.string().min(1).optional(),
  WALLET_PKCS11_KEY_LABELS: z.string().min(1).optional(),
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

/** The default key file: beside the data, so production refuses it (wallet-key-refusals.ts). */
export const defaultMasterKeyFile = (dataDir: string) => path.join(dataDir, 'master.key');

/** Custodial wallets: master keys and PIN (behind functions, so logging the config never prints them). */
export function walletsConfig(env: WalletsEnv, dataDir: string) {
  const masterKeys = env.WALLET_MASTER_KEYS;
  const pin = env.WALLET_PKCS11_PIN;
  return {
    readMasterKeys: () => masterKeys,
    masterKeyFile: path.resolve(env.WALLET_MASTER_KEY_FILE ?? defaultMasterKeyFile(dataDir)),
    keyProvider: env.WALLET_KEY_PROVIDER,
    pkcs11: env.WALLET_PKCS11_MODULE
      ? {
          module: env.WALLET_PKCS11_MODULE,
          tokenLabel: env.WALLET_PKCS11_TOKEN_LABEL,
          slot: env.WALLET_PKCS11_SLOT,
          readPin: () => pin,
          keyLabels: (env.WALLET_PKCS11_KEY_LABELS ?? '')
            .split(',')
            .map((label) => label.trim())
            .filter(Boolean),
        }
      : undefined,
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
