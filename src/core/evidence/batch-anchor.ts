import {
  EvidenceApiError,
  type EvidenceClient,
  EvidenceResponseError,
} from '@/integrations/evidence/index.ts';
import type { EvidenceAnchor } from '@/shared/evidence/contract.ts';

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

/**
 * `batchAnchorOf` for the public detail route: a committed anchor never changes, so each process
 * keeps the ones it has seen (up to `max`, oldest dropped first) and asks the service only about
 * fingerprints not yet committed; a service slower than `timeoutMs` leaves the field out rather
 * than holding the page for the client's whole timeout.
 */
export function batchAnchorLookup(
  evidence: EvidenceClient,
  { timeoutMs = 2_000, max = 10_000 }: { timeoutMs?: number; max?: number } = {},
): (fingerprintHash: string) => Promise<EvidenceAnchor | null> {
  const committed = new Map<string, EvidenceAnchor>();
  return async (fingerprintHash) => {
    const known = committed.get(fingerprintHash);
    if (known) return known;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), timeoutMs);
    });
    const anchor = await Promise.race([batchAnchorOf(evidence, fingerprintHash), late]).finally(
      () => clearTimeout(timer),
    );
    if (anchor) {
      if (committed.size >= max) committed.delete(committed.keys().next().value!);
      committed.set(fingerprintHash, anchor);
    }
    return anchor;
  };
}
