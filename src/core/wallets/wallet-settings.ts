import type { Pkcs11Settings } from './pkcs11-session.ts';

/** Addresses of the product shown with a label and kept out of circulation. */
export type KnownAddressRole = 'liquidityPool' | 'bridgeCollateral' | 'burn';

/**
 * The wallet settings core reads. Declared in core, not taken from src/main: main's parsed
 * config satisfies it, and `npx tsc` proves that where main hands its config to core.
 */
export interface WalletSettings {
  /** WALLET_MASTER_KEYS, behind a function so that logging the config never prints them. */
  readMasterKeys: () => string | undefined;
  /**
   * The key file when WALLET_MASTER_KEYS is not set: WALLET_MASTER_KEY_FILE, else (sandbox and
   * development only: production refuses it) DATA_DIR/master.key, generated at the first start.
   */
  masterKeyFile: string;
  /** 'env': the keys above; 'pkcs11': an HSM seals new keys, the keys above only open old rows. */
  keyProvider: 'env' | 'pkcs11';
  pkcs11?: Pkcs11Settings;
  /** Unset addresses get a local one in sandbox mode (getKnownAddresses). */
  knownAddresses: Record<KnownAddressRole, { address?: string; label: string }>;
  /** How often submitted transfers are checked against the block explorer. */
  confirmIntervalMs: number;
  /** Days money sent to an X account that never signed in waits before it returns (0048). */
  unclaimedReturnDays: number;
}

/** What a wallet service takes from the config. */
export interface WalletConfig {
  wallets: WalletSettings;
}

/** Known addresses also depend on sandbox mode. */
export interface WalletAndModeConfig extends WalletConfig {
  sandbox: boolean;
}
