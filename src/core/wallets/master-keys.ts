import fs from 'node:fs';
import { keyringProvider } from './key-encryption.ts';
import { chainKeyProviders, type WalletKeyProvider } from './key-provider.ts';
import {
  type Keyring,
  KeyringError,
  loadOrCreateMasterKeyFile,
  parseMasterKeys,
} from './keyring.ts';
import { openPkcs11Provider } from './pkcs11-provider.ts';
import type { WalletConfig, WalletSettings } from './wallet-settings.ts';

const keyrings = new WeakMap<WalletSettings, Keyring>();
const providers = new WeakMap<WalletSettings, WalletKeyProvider>();

/**
 * The in-process keyring of a configuration: WALLET_MASTER_KEYS when set, else the key file
 * (generated once when missing). Loaded on first use and kept per config object.
 */
export function getKeyring(config: WalletConfig): Keyring {
  const cached = keyrings.get(config.wallets);
  if (cached) return cached;
  const spec = config.wallets.readMasterKeys();
  const keyring = spec
    ? parseMasterKeys(spec)
    : loadOrCreateMasterKeyFile(config.wallets.masterKeyFile);
  keyrings.set(config.wallets, keyring);
  return keyring;
}

/**
 * What seals and opens wallet keys (decision 0046): the keyring, or with WALLET_KEY_PROVIDER=
 * pkcs11 the HSM, with the keyring kept behind it to open rows sealed before the move (only if
 * WALLET_MASTER_KEYS is set or the key file exists: an HSM run never generates a key file).
 * Kept per config object; call it at start-up to fail fast on a bad key, token or PIN.
 */
export function getWalletKeyProvider(config: WalletConfig): WalletKeyProvider {
  const cached = providers.get(config.wallets);
  if (cached) return cached;
  const w = config.wallets;
  let provider: WalletKeyProvider;
  if (w.keyProvider === 'pkcs11') {
    if (!w.pkcs11) throw new KeyringError('WALLET_KEY_PROVIDER=pkcs11 needs WALLET_PKCS11_MODULE');
    const hsm = openPkcs11Provider(w.pkcs11);
    const hasOld = w.readMasterKeys() !== undefined || fs.existsSync(w.masterKeyFile);
    try {
      provider = chainKeyProviders(hsm, hasOld ? [keyringProvider(getKeyring(config))] : []);
    } catch (err) {
      hsm.close();
      throw err;
    }
  } else {
    provider = keyringProvider(getKeyring(config));
  }
  providers.set(w, provider);
  return provider;
}

/** Closes the HSM session of this configuration, if one was opened (tests, CLI commands). */
export function closeWalletKeyProvider(config: WalletConfig) {
  providers.get(config.wallets)?.close();
  providers.delete(config.wallets);
}
