import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { normalizeUncompressedPublicKey } from './address.ts';
import { privateKeyVerify, publicKeyCreate } from './ecdsa.ts';

/** A fresh random secp256k1 private key (32 bytes, in range). */
export function generatePrivateKey(): Uint8Array {
  return secp256k1.utils.randomSecretKey();
}

export function isValidPrivateKey(key: Uint8Array): boolean {
  return privateKeyVerify(key);
}

/** The 65-byte uncompressed public key `04‖X‖Y` of a private key. */
export function publicKeyFromPrivateKey(privateKey32: Uint8Array): Uint8Array {
  if (!isValidPrivateKey(privateKey32)) throw new Error('invalid secp256k1 private key');
  return publicKeyCreate(privateKey32);
}

/** Ethereum/Base address of a public key: keccak256(X‖Y), last 20 bytes, EIP-55 checksum. */
export function evmAddressFromPublicKey(pub65: Uint8Array): string {
  const xy = normalizeUncompressedPublicKey(pub65).subarray(1);
  const lower = Buffer.from(keccak_256(xy).subarray(-20)).toString('hex');
  const checksum = Buffer.from(keccak_256(new TextEncoder().encode(lower))).toString('hex');
  let out = '0x';
  for (let i = 0; i < lower.length; i++) {
    out += Number.parseInt(checksum[i] as string, 16) >= 8 ? lower[i]?.toUpperCase() : lower[i];
  }
  return out;
}
