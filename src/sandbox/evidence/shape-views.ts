import { merkleProof } from '@/shared/evidence/merkle.ts';
import { buildMpt } from '@/shared/evidence/mpt-build.ts';
import type { evidenceBatches, evidenceFingerprints } from '../db/schema/evidence.ts';
import { detailOf } from './store.ts';

/**
 * The answers that differ between the vendor's two descriptions of `/v1` (issue 41): the SDK's
 * (packages/typescript/src/network/types.ts) and the MCP server's (packages/mcp-server/src/types/
 * api.ts). SANDBOX_EVIDENCE_SHAPE picks one; the default is the SDK's (decision 0051). The SDK
 * batch also carries the MCP anchor fields: without them nothing in that shape names a snapshot.
 */
export type Shape = 'sdk' | 'mcp';
type Fingerprint = typeof evidenceFingerprints.$inferSelect;
type Batch = typeof evidenceBatches.$inferSelect;

export function fingerprintView(shape: Shape, row: Fingerprint, batch: Batch | null) {
  if (shape === 'sdk') return detailOf(row);
  const { content, proofs } = (row.submission as { attestation: MaybeAttestation }).attestation;
  return {
    ...detailOf(row),
    id: row.eventId,
    organizationId: row.orgId,
    tenantId: row.tenantId,
    signer: content.signerId,
    proofs,
    fingerprintTimestamp: content.timestamp,
    batchGlobalSnapshotHash: batch?.globalSnapshotHash ?? undefined,
    mptRoot: batch?.mptRoot ?? undefined,
    version: content.version,
    updatedAt: row.createdAt.toISOString(),
    tags: row.tags ?? undefined,
  };
}
/**
 * A fingerprint in a list (latest, search, a batch's fingerprints): the MCP shape's
 * `FingerprintSummary` {id, hash, timestamp, orgId, tenantId, status, createdAt}
 * (packages/mcp-server/src/types/api.ts); the SDK lists the detail itself.
 */
export function summaryView(shape: Shape, row: Fingerprint) {
  if (shape === 'sdk') return detailOf(row);
  const { content } = (row.submission as { attestation: MaybeAttestation }).attestation;
  return {
    id: row.eventId,
    hash: row.hash,
    timestamp: content.timestamp,
    orgId: row.orgId,
    tenantId: row.tenantId,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}
type MaybeAttestation = {
  content: { signerId?: string; timestamp: string; version: number };
  proofs: unknown[];
};

export function batchView(shape: Shape, b: Batch) {
  const anchor = {
    globalSnapshotOrdinal: b.globalSnapshotOrdinal ?? undefined,
    globalSnapshotHash: b.globalSnapshotHash ?? undefined,
  };
  if (shape === 'sdk') {
    return {
      batchId: b.batchId,
      status: b.status,
      batchRoot: b.batchRoot,
      fingerprintCount: b.fingerprintCount,
      createdAt: b.createdAt.toISOString(),
      finalizedAt: b.finalizedAt?.toISOString() ?? null,
      ...anchor,
    };
  }
  return {
    id: b.batchId,
    orgId: '',
    status: b.status,
    ...anchor,
    mptRoot: b.mptRoot ?? undefined,
    retryCount: 0,
    createdAt: b.createdAt.toISOString(),
    updatedAt: (b.finalizedAt ?? b.createdAt).toISOString(),
  };
}

export function proofView(shape: Shape, hash: string, b: Batch, leaves: string[], index: number) {
  if (shape === 'mcp') return buildMpt(leaves.map((k) => ({ key: k, value: k }))).proofOf(hash);
  const proof = merkleProof(leaves, index);
  return {
    hash,
    proof: { batchId: b.batchId, batchRoot: b.batchRoot, signature: b.signature, ...proof },
  };
}

export function statsView(
  shape: Shape,
  s: {
    totalFingerprints: number;
    totalBatches: number;
    totalFinalized: number;
    last24h: number;
    last30d: number;
  },
) {
  if (shape === 'mcp')
    return {
      fingerprints24h: s.last24h,
      fingerprints30d: s.last30d,
      fingerprintsTotal: s.totalFingerprints,
    };
  return {
    totalFingerprints: s.totalFingerprints,
    totalBatches: s.totalBatches,
    totalFinalized: s.totalFinalized,
  };
}
