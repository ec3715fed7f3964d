import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha512 } from '@noble/hashes/sha2.js';
import { canonicalJson } from './canonical-json.ts';
import { fromHex, sha256Hex, toHex, utf8 } from './hex.ts';

export const SIGNATURE_ALGORITHM = 'SECP256K1_RFC8785_V1';

export interface SignatureProof {
  /** Uncompressed public key without the 04 prefix (128 hex chars). */
  id: string;
  /** DER-encoded ECDSA signature, hex. */
  signature: string;
  algorithm: typeof SIGNATURE_ALGORITHM;
}

/**
 * The digest SECP256K1_RFC8785_V1 signs (integrations.md §6): RFC 8785 JSON → SHA-256 → the hex
 * string as UTF-8 → SHA-512 → first 32 bytes. The same "SHA512withECDSA over the hex hash" as
 * Constellation transactions.
 */
export function signingDigest(value: unknown): { hash: string; digest: Uint8Array } {
  const hash = sha256Hex(canonicalJson(value));
  return { hash, digest: sha512(utf8(hash)).subarray(0, 32) };
}

export function publicKeyId(privateKeyHex: string): string {
  return toHex(secp256k1.getPublicKey(fromHex(privateKeyHex), false).subarray(1));
}

/** Deterministic (RFC 6979), low-s, DER: the same bytes every run for the same key and value. */
export function signValue(value: unknown, privateKeyHex: string): SignatureProof {
  const { digest } = signingDigest(value);
  const der = secp256k1.sign(digest, fromHex(privateKeyHex), { prehash: false, format: 'der' });
  return { id: publicKeyId(privateKeyHex), signature: toHex(der), algorithm: SIGNATURE_ALGORITHM };
}

/** False for a wrong key, a changed value, malformed hex/DER or another algorithm. */
export function verifyValue(
  value: unknown,
  proof: Omit<SignatureProof, 'algorithm'> & { algorithm?: string },
) {
  try {
    if (proof.algorithm !== undefined && proof.algorithm !== SIGNATURE_ALGORITHM) return false;
    if (!/^[0-9a-fA-F]{128}$/.test(proof.id)) return false;
    const { digest } = signingDigest(value);
    const publicKey = fromHex(`04${proof.id}`);
    // Other implementations may emit high-s signatures: accept both forms.
    return secp256k1.verify(fromHex(proof.signature), digest, publicKey, {
      prehash: false,
      format: 'der',
      lowS: false,
    });
  } catch {
    return false;
  }
}
