import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Keyring } from './keyring.ts';

/** A private key at rest: AES-256-GCM ciphertext, its 12-byte nonce and 16-byte tag (base64). */
export interface EncryptedKey {
  keyId: string;
  nonce: string;
  ciphertext: string;
  authTag: string;
}

/** Decryption failed: wrong key, wrong row (AAD) or tampered bytes. Says nothing more, on purpose. */
export class KeyDecryptionError extends Error {
  constructor(readonly keyId: string) {
    super(`wallet key could not be decrypted with master key "${keyId}"`);
    this.name = 'KeyDecryptionError';
  }
}

/**
 * Encrypts a wallet private key with the keyring's current master key. `aad` is the wallet's DAG
 * address: authenticated but not secret, it binds the ciphertext to its row.
 */
export function encryptPrivateKey(
  keyring: Keyring,
  privateKey: Uint8Array,
  aad: string,
): EncryptedKey {
  const master = keyring.current;
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', master.key, nonce);
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(privateKey), cipher.final()]);
  return {
    keyId: master.id,
    nonce: nonce.toString('base64'),
    ciphertext: ciphertext.toString('base64'),
    authTag: cipher.getAuthTag().toString('base64'),
  };
}

/** Only the signing path calls this. Throws KeyDecryptionError on any mismatch. */
export function decryptPrivateKey(
  keyring: Keyring,
  encrypted: EncryptedKey,
  aad: string,
): Uint8Array {
  const master = keyring.byId(encrypted.keyId);
  if (!master) throw new KeyDecryptionError(encrypted.keyId);
  try {
    const nonce = Buffer.from(encrypted.nonce, 'base64');
    const tag = Buffer.from(encrypted.authTag, 'base64');
    if (nonce.length !== 12 || tag.length !== 16) throw new Error('bad nonce or tag length');
    const decipher = createDecipheriv('aes-256-gcm', master.key, nonce, { authTagLength: 16 });
    decipher.setAAD(Buffer.from(aad, 'utf8'));
    decipher.setAuthTag(tag);
    const plain = Buffer.concat([
      decipher.update(Buffer.from(encrypted.ciphertext, 'base64')),
      decipher.final(),
    ]);
    return new Uint8Array(plain);
  } catch {
    throw new KeyDecryptionError(encrypted.keyId);
  }
}

/** The in-process keyring as a WalletKeyProvider (WALLET_MASTER_KEYS or the key file). */
export function keyringProvider(keyring: Keyring) {
  return {
    currentKeyId: keyring.current.id,
    keyIds: keyring.ids,
    encrypt: (privateKey: Uint8Array, aad: string) => encryptPrivateKey(keyring, privateKey, aad),
    decrypt: (encrypted: EncryptedKey, aad: string) => decryptPrivateKey(keyring, encrypted, aad),
    close: () => {},
  };
}
