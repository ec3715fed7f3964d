import { EvidenceApiError, type EvidenceClient } from '@/integrations/evidence/index.ts';

/**
 * A fingerprint's inclusion proof and its batch, in either vendor shape. The SDK proof names its
 * batch; the MCP proof does not, so its batch comes from the fingerprint's detail. Null proof
 * while the fingerprint waits for a batch.
 */
export async function loadInclusion(evidence: EvidenceClient, hash: string) {
  const fingerprint = await evidence.getFingerprint(hash);
  const proof = await evidence.getProof(hash).catch((err) => {
    if (err instanceof EvidenceApiError && err.notFound) return null;
    throw err;
  });
  const batchId = proof?.shape === 'sdk' ? proof.proof.batchId : fingerprint.batchId;
  const answer = proof && batchId ? await evidence.getBatch(batchId) : null;
  const batch = answer && {
    batchId: answer.batchId,
    root: answer.root,
    globalSnapshotOrdinal: answer.globalSnapshotOrdinal,
    globalSnapshotHash: answer.globalSnapshotHash,
  };
  return { fingerprint, proof, batch };
}
