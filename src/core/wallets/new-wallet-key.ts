import {
  dagAddressFromPublicKey,
  evmAddressFromPublicKey,
  generatePrivateKey,
  publicKeyFromPrivateKey,
} from '@/integrations/constellation/index.ts';
import type { WalletKeyProvider } from './key-provider.ts';

/**
 * A fresh secp256k1 key pair as wallet columns: both addresses and the private key encrypted
 * under the provider's current master key (AAD = the DAG address). The plain key is wiped afterwards.
 */
export function newWalletKeyColumns(keys: WalletKeyProvider) {
  return walletKeyColumns(keys, generatePrivateKey());
}

/** Wallet columns for a given private key (system wallets imported at provisioning); wipes it. */
export function walletKeyColumns(keys: WalletKeyProvider, privateKey: Uint8Array) {
  try {
    const publicKey = publicKeyFromPrivateKey(privateKey);
    const dagAddress = dagAddressFromPublicKey(publicKey);
    const encrypted = keys.encrypt(privateKey, dagAddress);
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
