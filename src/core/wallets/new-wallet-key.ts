import { dagAddressFromPublicKey } from '../../integrations/constellation/address.ts';
import {
  evmAddressFromPublicKey,
  generatePrivateKey,
  publicKeyFromPrivateKey,
} from '../../integrations/constellation/keys.ts';
import { encryptPrivateKey } from './key-encryption.ts';
import type { Keyring } from './keyring.ts';

/**
 * A fresh secp256k1 key pair as wallet columns: both addresses and the private key encrypted
 * under the current master key (AAD = the DAG address). The plain key is wiped afterwards.
 */
export function newWalletKeyColumns(keyring: Keyring) {
  return walletKeyColumns(keyring, generatePrivateKey());
}

/** Wallet columns for a given private key (system wallets imported at provisioning); wipes it. */
export function walletKeyColumns(keyring: Keyring, privateKey: Uint8Array) {
  try {
    const publicKey = publicKeyFromPrivateKey(privateKey);
    const dagAddress = dagAddressFromPublicKey(publicKey);
    const encrypted = encryptPrivateKey(keyring, privateKey, dagAddress);
    return {
      dagAddress,
      evmAddress: evmAddressFromPublicKey(publicKey),
      keyId: encrypted.keyId,
      keyNonce: encrypted.nonce,
      keyCiphertext: encrypted.ciphertext,
      keyAuthTag: encrypted.authTag,
    };
  } finally {
    privateKey.fill(0);
  }
}
