import type { ProofResponse } from '@/shared/evidence/verify-evidence.ts';
import type { CertificateInput } from './certificate-pdf.ts';

/**
 * What a certificate prints of the batch: its id and root, the proof path (binary Merkle siblings
 * with their sides, or the MPT proof's node hashes) and the snapshot it names. One mapping for the
 * server that draws a certificate and the verifier that redraws it (certificate-page-check.ts),
 * so a genuine certificate always redraws to the same marks.
 */
export function certificateBatch(
  proof: ProofResponse['proof'] | null,
  batch: ProofResponse['batch'] | null | undefined,
): CertificateInput['batch'] {
  if (!proof || !batch) return null;
  return {
    batchId: batch.batchId,
    batchRoot: batch.root ?? '',
    proofPath: 'proofPath' in proof ? proof.proofPath : proof.proof.map((n) => n.hash),
    proofIndices: 'proofIndices' in proof ? proof.proofIndices : [],
    anchor:
      batch.globalSnapshotOrdinal === null
        ? 'not yet committed in a global snapshot'
        : `global snapshot ${batch.globalSnapshotOrdinal} (${batch.globalSnapshotHash})`,
  };
}
