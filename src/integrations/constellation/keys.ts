import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { normalizeUncompressedPublicKey, spkiFromPublicKey } from './address.ts';

/** A fresh random secp256k1 private key (32 bytes, in range). */
export function generatePrivateKey(): Uint8Array {
  return secp256k1.utils.randomSecretKey();
}

export function isValidPrivateKey(key: Uint8Array): boolean {
  return key.length === 32 && secp256k1.utils.isValidSecretKey(key);
}

/** The 65-byte uncompressed public key `04‖X‖Y` of a private key. */
export function publicKeyFromPrivateKey(privateKey32: Uint8Array): Uint8Array {
  if (!isValidPrivateKey(privateKey32)) throw new Error('invalid secp256k1 private key');
  return secp256k1.getPublicKey(privateKey32, false);
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

/**
 * Node key objects for signing and verifying. The private key is wrapped as a SEC1 ECPrivateKey
 * (RFC 5915) DER: 30 2e 02 01 01 04 20 <d> a0 07 06 05 2b8104000a (OID secp256k1), followed by
 * `a1 44 03 42 00 <04‖X‖Y>` when the public key is known: OpenSSL then reads it instead of
 * multiplying it out, a quarter of the cost (~0.11 ms instead of ~0.44 ms here, issue 11).
 * The caller vouches that `publicKey65` belongs to the key (a wrong one makes signatures that
 * fail verification, never a different signer).
 */
export function privateKeyObject(privateKey32: Uint8Array, publicKey65?: Uint8Array): KeyObject {
  if (!isValidPrivateKey(privateKey32)) throw new Error('invalid secp256k1 private key');
  const parts: Buffer[] = [Buffer.from(publicKey65 ? '30740201010420' : '302e0201010420', 'hex')];
  parts.push(Buffer.from(privateKey32), Buffer.from('a00706052b8104000a', 'hex'));
  if (publicKey65) {
    parts.push(Buffer.from('a144034200', 'hex'), normalizeUncompressedPublicKey(publicKey65));
  }
  return createPrivateKey({ key: Buffer.concat(parts), format: 'der', type: 'sec1' });
}

export function publicKeyObject(uncompressed65: Uint8Array): KeyObject {
  return createPublicKey({ key: spkiFromPublicKey(uncompressed65), format: 'der', type: 'spki' });
}

/** The 65-byte uncompressed public key of a private key object, computed natively (OpenSSL). */
export function publicKeyOfPrivateKeyObject(key: KeyObject): Uint8Array {
  const { x, y } = createPublicKey(key).export({ format: 'jwk' });
  return Buffer.concat([
    Buffer.from([0x04]),
    Buffer.from(x ?? '', 'base64url'),
    Buffer.from(y ?? '', 'base64url'),
  ]);
}
