import { createHash } from 'node:crypto';
import bs58 from 'bs58';
import { dagAddressParity } from '@/shared/dag-address.ts';

export { isValidDagAddress } from '@/shared/dag-address.ts';

/** X.509 SubjectPublicKeyInfo header for an uncompressed secp256k1 key (Java's getEncoded()). */
export const SECP256K1_SPKI_PREFIX = Buffer.from(
  '3056301006072a8648ce3d020106052b8104000a034200',
  'hex',
);

/** Accepts the 65-byte uncompressed key `04‖X‖Y`, or the 64 bytes `X‖Y` (dag4 adds the 04). */
export function normalizeUncompressedPublicKey(key: Uint8Array): Buffer {
  if (key.length === 64) return Buffer.concat([Buffer.from([4]), key]);
  if (key.length === 65 && key[0] === 4) return Buffer.from(key);
  throw new Error('expected an uncompressed secp256k1 public key (65 bytes starting with 04)');
}

/** The 88-byte DER SPKI encoding of a public key. */
export function spkiFromPublicKey(key: Uint8Array): Buffer {
  return Buffer.concat([SECP256K1_SPKI_PREFIX, normalizeUncompressedPublicKey(key)]);
}

/** Builds an address from any 32-byte digest: "DAG" + parity + last 36 base58 chars. */
export function dagAddressFromDigest(digest: Uint8Array): string {
  const end = bs58.encode(digest).slice(-36);
  return `DAG${dagAddressParity(end)}${end}`;
}

/** DAG address of a public key (§3.1): sha256 of the SPKI DER, base58, last 36, parity. */
export function dagAddressFromPublicKey(uncompressed65: Uint8Array): string {
  return dagAddressFromDigest(
    createHash('sha256').update(spkiFromPublicKey(uncompressed65)).digest(),
  );
}

/** The proof id: 128 lowercase hex chars of X‖Y (the SPKI without its header and the 04). */
export function publicKeyIdFromPublicKey(uncompressed65: Uint8Array): string {
  return normalizeUncompressedPublicKey(uncompressed65).subarray(1).toString('hex');
}

/** Inverse of publicKeyIdFromPublicKey; throws on anything but 128 hex chars. */
export function publicKeyFromId(id: string): Buffer {
  if (!/^[0-9a-fA-F]{128}$/.test(id)) throw new Error('a public key id is 128 hex characters');
  return Buffer.concat([Buffer.from([4]), Buffer.from(id, 'hex')]);
}

/** Address owning the key of a proof id. */
export function dagAddressFromPublicKeyId(id: string): string {
  return dagAddressFromPublicKey(publicKeyFromId(id));
}
