import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';

// libsecp256k1 (Bitcoin Core's constant-time C library) through the `secp256k1` package's N-API
// binding, loaded directly: its main entry would fall back to a JavaScript curve library when
// the binding is missing, and we would rather fail loudly. ~10× OpenSSL's generic curve code
// for sign and for verify (decision 0034).
const native: typeof import('secp256k1') = createRequire(import.meta.url)('secp256k1/bindings');

/**
 * The 32 bytes an ECDSA signature over secp256k1 covers for SHA512withECDSA (tessellation's
 * `Signing`): the SHA-512 of the message, cut to the curve's 256 bits (FIPS 186-4 §6.4).
 */
export function sha512Digest(message: Uint8Array): Uint8Array {
  return createHash('sha512').update(message).digest().subarray(0, 32);
}

/** DER-encoded ECDSA signature (RFC 6979 nonce, low S) of a 32-byte digest. */
export function signDigest(digest32: Uint8Array, privateKey32: Uint8Array): Buffer {
  const { signature } = native.ecdsaSign(digest32, privateKey32);
  return Buffer.from(native.signatureExport(signature));
}

/**
 * Whether `der` is a valid signature of the digest by `publicKey` (33 or 65 bytes). Verifies as
 * a Java/BouncyCastle node does: strict DER, r and s in [1, n−1], and either S (libsecp256k1
 * alone refuses a high S, which Java accepts, so it is normalised first). Never throws.
 */
export function verifyDigest(der: Uint8Array, digest32: Uint8Array, publicKey: Uint8Array) {
  try {
    const compact = native.signatureImport(der);
    return native.ecdsaVerify(native.signatureNormalize(compact), digest32, publicKey);
  } catch {
    return false; // not DER, r or s out of range, not a point on the curve...
  }
}

/** The public key of a private key: 65 bytes `04‖X‖Y` (or 33 compressed). */
export function publicKeyCreate(privateKey32: Uint8Array, compressed = false): Uint8Array {
  return native.publicKeyCreate(privateKey32, compressed);
}

/** A private key is 32 bytes in [1, n−1]. */
export function privateKeyVerify(privateKey32: Uint8Array): boolean {
  return privateKey32.length === 32 && native.privateKeyVerify(privateKey32);
}
