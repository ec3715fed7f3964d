import { type EncryptedKey, KeyDecryptionError } from './key-encryption.ts';
import { KeyringError } from './keyring.ts';

/**
 * Where the wallet master keys live and what seals a wallet's private key with them (decision
 * 0046). Two implementations: the keyring from WALLET_MASTER_KEYS or a key file (the key bytes
 * are in this process), and the PKCS#11 HSM (the key never leaves the HSM; it encrypts and
 * decrypts for us). Each sealed row records the id of the key that sealed it (`wallets.key_id`).
 */
export interface WalletKeyProvider {
  /** The key that seals new and re-wrapped wallet keys. */
  readonly currentKeyId: string;
  /** Every key id this provider can open (the current one first). */
  readonly keyIds: readonly string[];
  /** AES-256-GCM under the current key, `aad` (the wallet's DAG address) bound to the ciphertext. */
  encrypt(privateKey: Uint8Array, aad: string): EncryptedKey;
  /** Throws KeyDecryptionError on an unknown key id, the wrong row or tampered bytes. */
  decrypt(encrypted: EncryptedKey, aad: string): Uint8Array;
  /** Releases an HSM session; nothing for in-process keys. */
  close(): void;
}

/**
 * The current provider first, then providers kept only to open older rows (rotation from
 * environment keys to an HSM: the old keyring stays until every row is re-wrapped).
 */
export function chainKeyProviders(
  current: WalletKeyProvider,
  older: WalletKeyProvider[],
): WalletKeyProvider {
  if (older.length === 0) return current;
  const all = [current, ...older];
  const owner = new Map<string, WalletKeyProvider>();
  for (const provider of all) {
    for (const id of provider.keyIds) {
      if (owner.has(id)) throw new KeyringError(`master key id "${id}" is in two key providers`);
      owner.set(id, provider);
    }
  }
  return {
    currentKeyId: current.currentKeyId,
    keyIds: [...owner.keys()],
    encrypt: (privateKey, aad) => current.encrypt(privateKey, aad),
    decrypt: (encrypted, aad) => {
      const provider = owner.get(encrypted.keyId);
      if (!provider) throw new KeyDecryptionError(encrypted.keyId);
      return provider.decrypt(encrypted, aad);
    },
    close: () => {
      for (const provider of all) provider.close();
    },
  };
}
