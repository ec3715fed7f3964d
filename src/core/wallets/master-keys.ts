import { type Keyring, loadOrCreateMasterKeyFile, parseMasterKeys } from './keyring.ts';
import type { WalletConfig, WalletSettings } from './wallet-settings.ts';

const cache = new WeakMap<WalletSettings, Keyring>();

/**
 * The wallet keyring of a configuration: WALLET_MASTER_KEYS when set, else the key file generated
 * once in DATA_DIR. Loaded on first use and kept per config object; call it at start-up to fail
 * fast on a bad key or an unsafe key file.
 */
export function getKeyring(config: WalletConfig): Keyring {
  const cached = cache.get(config.wallets);
  if (cached) return cached;
  const spec = config.wallets.readMasterKeys();
  const keyring = spec
    ? parseMasterKeys(spec)
    : loadOrCreateMasterKeyFile(config.wallets.masterKeyFile);
  cache.set(config.wallets, keyring);
  return keyring;
}
