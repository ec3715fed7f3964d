import { createHash, randomBytes } from 'node:crypto';
import { dagAddressFromPublicKeyId, publicKeyFromId, publicKeyIdFromPublicKey } from './address.ts';
import { sha512Digest, signDigest, verifyDigest } from './ecdsa.ts';
import { publicKeyFromPrivateKey } from './keys.ts';

/** A transfer as signed (§3.2). Amounts in base units (1e-8). */
export interface TransactionValue {
  source: string;
  destination: string;
  amount: bigint;
  fee: bigint;
  parent: TransactionReference;
  salt: bigint;
}

/** A transaction's place in its source's chain: ordinal = parent.ordinal + 1. */
export interface TransactionReference {
  ordinal: bigint;
  hash: string;
}

export interface SignatureProof {
  /** Signer's public key, 128 hex chars X‖Y. */
  id: string;
  /** DER-encoded ECDSA signature, hex. */
  signature: string;
}

/** `Signed[Transaction]`. Write it with `signedTransactionToJson` (keeps the integers exact). */
export interface SignedTransaction {
  value: TransactionValue;
  proofs: SignatureProof[];
}

/** Reference of an address that never sent anything: ordinal 0, 64 zeros (`Hash.empty`). */
export const EMPTY_REFERENCE: TransactionReference = { ordinal: 0n, hash: '0'.repeat(64) };

const lengthPrefixed = (s: string) => `${s.length}${s}`;

/** `Transaction.toEncode`: "2" then len+value of each field, amount and salt in hex. */
export function encodeTransaction(value: TransactionValue): string {
  return `2${[
    value.source,
    value.destination,
    value.amount.toString(16),
    value.parent.hash,
    value.parent.ordinal.toString(),
    value.fee.toString(),
    BigInt.asUintN(64, value.salt).toString(16), // Java Long.toHexString: two's complement
  ]
    .map(lengthPrefixed)
    .join('')}`;
}

/** Kryo's UTF-8 length header: the value (chars + 1) in 6/7-bit groups, flag bit 0x80 first. */
export function kryoUtf8Length(value: number): number[] {
  if (value >>> 6 === 0) return [value | 0x80];
  const first = (value | 0xc0) & 0xff;
  if (value >>> 13 === 0) return [first, value >>> 6];
  if (value >>> 20 === 0) return [first, ((value >>> 6) | 0x80) & 0xff, value >>> 13];
  if (value >>> 27 === 0) {
    return [first, ((value >>> 6) | 0x80) & 0xff, ((value >>> 13) | 0x80) & 0xff, value >>> 20];
  }
  return [
    first,
    ((value >>> 6) | 0x80) & 0xff,
    ((value >>> 13) | 0x80) & 0xff,
    ((value >>> 20) | 0x80) & 0xff,
    value >>> 27,
  ];
}

/** sha256(0x03 ‖ kryoLength(len+1) ‖ utf8(encoded)), hex: Kryo string without a reference byte. */
export function transactionHash(value: TransactionValue): string {
  const text = Buffer.from(encodeTransaction(value), 'utf8');
  const header = Buffer.from([0x03, ...kryoUtf8Length(text.length + 1)]);
  return createHash('sha256').update(header).update(text).digest('hex');
}

/** SHA512withECDSA over the ASCII of the hex hash, DER hex (tessellation Signing). */
export function signTransaction(
  value: TransactionValue,
  privateKey32: Uint8Array,
): SignedTransaction {
  return signTransactions([value], privateKey32)[0] as SignedTransaction;
}

/**
 * Signs several transactions with one key (a transfer signs a payment and a fee). Pass the
 * key's public key when it is known (saves deriving it); the caller vouches that it belongs to
 * the key (a wrong one makes proofs that fail verification, never a different signer).
 * libsecp256k1 signs in ~0.07 ms, so this runs on the calling thread (ecdsa.ts, decision 0034).
 */
export function signTransactions(
  values: TransactionValue[],
  privateKey32: Uint8Array,
  publicKey65: Uint8Array = publicKeyFromPrivateKey(privateKey32),
): SignedTransaction[] {
  const id = publicKeyIdFromPublicKey(publicKey65);
  return values.map((value) => {
    const digest = sha512Digest(Buffer.from(transactionHash(value), 'ascii'));
    const signature = signDigest(digest, privateKey32).toString('hex');
    return { value, proofs: [{ id, signature }] };
  });
}

export type VerifyResult =
  | { ok: true; hash: string }
  | { ok: false; reason: 'NotSignedBySourceAddressOwner' | 'InvalidSigned' };

/** The first proof's key must own `source` (checked first, as a node does), and every proof must verify. */
export function verifySignedTransaction(signed: SignedTransaction): VerifyResult {
  const hash = transactionHash(signed.value);
  const [owner] = signed.proofs;
  if (!owner) return { ok: false, reason: 'InvalidSigned' };
  if (!isOwner(owner.id, signed.value.source)) {
    return { ok: false, reason: 'NotSignedBySourceAddressOwner' };
  }
  const digest = sha512Digest(Buffer.from(hash, 'ascii'));
  for (const proof of signed.proofs) {
    if (!verifyProof(digest, proof)) return { ok: false, reason: 'InvalidSigned' };
  }
  return { ok: true, hash };
}

function isOwner(id: string, address: string): boolean {
  try {
    return verifierFor(id).address === address;
  } catch {
    return false; // not 128 hex chars
  }
}

/**
 * Address and public key per public key id, kept for the most recent ids: a node verifies many
 * transactions from the same sources, and deriving the address costs a third of the verify.
 */
const verifiers = new Map<string, { address: string; key: Uint8Array }>();
const VERIFIERS_KEPT = 1000;

function verifierFor(id: string) {
  let entry = verifiers.get(id);
  if (!entry) {
    entry = {
      address: dagAddressFromPublicKeyId(id),
      key: publicKeyFromId(id),
    };
    if (verifiers.size >= VERIFIERS_KEPT) verifiers.delete(verifiers.keys().next().value ?? '');
    verifiers.set(id, entry);
  }
  return entry;
}

function verifyProof(digest: Uint8Array, proof: SignatureProof): boolean {
  if (!/^([0-9a-fA-F]{2})+$/.test(proof.signature)) return false;
  try {
    const { key } = verifierFor(proof.id);
    return verifyDigest(Buffer.from(proof.signature, 'hex'), digest, key);
  } catch {
    return false; // not 128 hex chars
  }
}

/** dag4's salt: MAX_SAFE_INTEGER − 2^48 + 48 random bits (always a positive safe integer). */
export function randomSalt(): bigint {
  const random48 = BigInt(`0x${randomBytes(6).toString('hex')}`);
  return BigInt(Number.MAX_SAFE_INTEGER) - 2n ** 48n + random48;
}
