import { canonicalJson } from '@/shared/evidence/canonical-json.ts';
import { sha256Hex } from '@/shared/evidence/hex.ts';
import { publicKeyId, signValue } from '@/shared/evidence/signature.ts';
import type { FingerprintSubmission, FingerprintValue } from './schemas.ts';

/**
 * A signed submission for one document: the value is signed with SECP256K1_RFC8785_V1 and the
 * metadata hash is SHA-256 of the value's canonical JSON — the fingerprint's `hash` on the API.
 */
export function buildSubmission(p: {
  orgId: string;
  tenantId: string;
  eventId: string;
  documentId: string;
  documentRef: string;
  timestamp: Date;
  privateKeyHex: string;
  tags?: Record<string, string>;
}): { submission: FingerprintSubmission; hash: string } {
  const value: FingerprintValue = {
    orgId: p.orgId,
    tenantId: p.tenantId,
    eventId: p.eventId,
    signerId: publicKeyId(p.privateKeyHex),
    documentId: p.documentId,
    documentRef: p.documentRef,
    timestamp: p.timestamp.toISOString(),
    version: 1,
  };
  const hash = sha256Hex(canonicalJson(value));
  const submission: FingerprintSubmission = {
    attestation: { content: value, proofs: [signValue(value, p.privateKeyHex)] },
    metadata: { hash, ...(p.tags ? { tags: p.tags } : {}) },
  };
  return { submission, hash };
}
