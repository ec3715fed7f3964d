import { dagAddressFromPublicKey } from '../constellation/address.ts';
import {
  evmAddressFromPublicKey,
  generatePrivateKey,
  publicKeyFromPrivateKey,
} from '../constellation/keys.ts';
import { encryptPrivateKey } from './key-encryption.ts';
import type { Keyring } from './keyring.ts';

/**
 * A fresh secp256k1 key pair as wallet columns: both addresses and the private key encrypted
 * under the current master key (AAD = the DAG address). The plain key is wiped afterwards.
 */
export function newWalletKeyColumns(keyring: Keyring) {
  const privateKey = generatePrivateKey();
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
