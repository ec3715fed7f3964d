import {
  EvidenceApiError,
  type EvidenceClient,
  EvidenceResponseError,
} from '../../integrations/evidence/index.ts';
import type { EvidenceAnchor } from '../../shared/evidence/contract.ts';

/**
 * The global snapshot a fingerprint's batch names as its commitment, as the Digital Evidence
 * service states it (either vendor shape): null while the fingerprint waits for a batch or the
 * batch is not committed yet. The detail page shows it as a field; the verify panel and the CLI
 * check it on the ledger themselves (decision 0051), so this is the service's word, not a proof.
 * A service that does not answer leaves the field out rather than the page.
 */
export async function batchAnchorOf(
  evidence: EvidenceClient,
  fingerprintHash: string,
): Promise<EvidenceAnchor | null> {
  try {
    const { batchId } = await evidence.getFingerprint(fingerprintHash);
    if (!batchId) return null;
    const batch = await evidence.getBatch(batchId);
    const { globalSnapshotOrdinal: ordinal, globalSnapshotHash: hash } = batch;
    return ordinal === null || !hash ? null : { batchId, ordinal, hash };
  } catch (err) {
    if (err instanceof EvidenceApiError || err instanceof EvidenceResponseError) return null;
    throw err;
  }
}
