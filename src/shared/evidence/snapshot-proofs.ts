import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha512 } from '@noble/hashes/sha2.js';
import { fromHex, utf8 } from './hex.ts';

/** One validator's signature in a signed snapshot: tessellation's `SignatureProof {id, signature}`. */
interface SnapshotProof {
  id: string;
  signature: string;
}

/**
 * Whether `proof` signs the snapshot hash as tessellation does (`SignatureProof.fromHash`):
 * SHA512withECDSA on secp256k1 over the hash's hex text as UTF-8, the digest cut to 256 bits; `id`
 * is the peer id, the uncompressed public key without its 04 prefix. Either S is accepted, as the
 * JVM verifier does. Never throws.
 */
export function signsSnapshotHash(hash: string, proof: SnapshotProof): boolean {
  try {
    if (!/^[0-9a-fA-F]{128}$/.test(proof.id)) return false;
    const digest = sha512(utf8(hash)).subarray(0, 32);
    return secp256k1.verify(fromHex(proof.signature), digest, fromHex(`04${proof.id}`), {
      prehash: false,
      format: 'der',
      lowS: false,
    });
  } catch {
    return false;
  }
}

const isProof = (p: unknown): p is SnapshotProof =>
  typeof p === 'object' &&
  p !== null &&
  typeof (p as SnapshotProof).id === 'string' &&
  typeof (p as SnapshotProof).signature === 'string';

export interface ProofsVerdict {
  ok: boolean | null;
  detail: string;
}

/**
 * The rule a snapshot's signatures are held to (decision 0066): every proof must sign the hash
 * (one that does not is a forgery or another snapshot's, and fails); and more than half of the
 * signers must be peers the verifier trusts (the pinned seed list, else the L0's own cluster).
 * Signatures mostly by unknown keys are not passed but left pending: a forger's own keys and an
 * old snapshot whose validators have left the cluster look the same from here.
 */
export function judgeSnapshotProofs(
  hash: string,
  proofs: unknown,
  trustedPeers: readonly string[] | null,
): ProofsVerdict {
  const list = Array.isArray(proofs) ? proofs : [];
  if (list.length === 0 || !list.every(isProof)) {
    return { ok: false, detail: 'it carries no validator signatures' };
  }
  const forged = list.find((p) => !signsSnapshotHash(hash, p));
  if (forged) {
    return {
      ok: false,
      detail: `the signature of ${forged.id.slice(0, 16)}… does not sign ${hash}`,
    };
  }
  const signers = new Set(list.map((p) => p.id.toLowerCase()));
  if (trustedPeers === null) {
    return { ok: null, detail: `signed by ${signers.size} keys; the peers to trust were not read` };
  }
  const trusted = new Set(trustedPeers.map((id) => id.toLowerCase()));
  const known = [...signers].filter((id) => trusted.has(id)).length;
  const said = `signed by ${known} of its ${signers.size} signers known as L0 peers`;
  return known * 2 > signers.size
    ? { ok: true, detail: said }
    : { ok: null, detail: `${said}: not a majority` };
}
