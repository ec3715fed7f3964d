/** Addresses of the product shown with a label and kept out of circulation. */
export type KnownAddressRole = 'liquidityPool' | 'bridgeCollateral' | 'burn';

/**
 * The wallet settings core reads. Declared in core, not taken from src/main: main's parsed
 * config satisfies it, and `npx tsc` proves that where main hands its config to core.
 */
export interface WalletSettings {
  /** WALLET_MASTER_KEYS, behind a function so that logging the config never prints them. */
  readMasterKeys: () => string | undefined;
  /** Where the generated master key is kept when WALLET_MASTER_KEYS is not set. */
  masterKeyFile: string;
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
