import { type AnchorDeps, anchorStep } from './anchor.ts';
import { shortKey, type TrustedKeys } from './evidence-keys.ts';
import { verifyMerkleProof } from './merkle.ts';
import { verifyMptProof } from './mpt.ts';
import { type BatchAnchorInfo, type InclusionProof, isMptProof } from './proof-shapes.ts';
import { verifyValue } from './signature.ts';
import type { VerifyStep } from './verify-step.ts';

/**
 * The ledger half of a verification (decision 0051): the fingerprint is under the batch's root
 * (binary Merkle or MPT, whichever the service sent), that root is committed in the global
 * snapshot the batch names (read from the network by the verifier), and, only where a batch key
 * is pinned, the root carries its signature (the SDK shape's extra; Constellation publishes none).
 */
export async function inclusionSteps(
  fingerprint: string,
  proof: InclusionProof,
  batch: BatchAnchorInfo | null | undefined,
  deps: { keys: TrustedKeys; anchor?: AnchorDeps },
): Promise<VerifyStep[]> {
  const mpt = isMptProof(proof);
  const batchId = batch?.batchId ?? (mpt ? 'unknown' : proof.batchId);
  const root = batch?.root ?? (mpt ? proof.root : proof.batchRoot);
  const included = mpt
    ? proof.leafKey.toLowerCase() === fingerprint.toLowerCase() && verifyMptProof(proof, root)
    : verifyMerkleProof(fingerprint, proof, root);
  const steps: VerifyStep[] = [
    {
      label: mpt
        ? 'Fingerprint is in the batch Merkle Patricia Trie'
        : 'Fingerprint is in the batch Merkle tree',
      ok: included,
      detail: `Batch ${batchId}, root ${root}`,
    },
  ];
  const anchorLabel = 'Batch root is committed in a global snapshot';
  if (!batch) {
    steps.push({ label: anchorLabel, ok: null, detail: 'The service named no batch.' });
  } else if (!deps.anchor) {
    steps.push({ label: anchorLabel, ok: null, detail: 'No Constellation network to read.' });
  } else {
    steps.push(await anchorStep({ ...batch, root }, deps.anchor));
  }
  const key = deps.keys.batchPublicKey;
  if (!mpt && key && proof.signature) {
    const ok = verifyValue(
      { batchId: proof.batchId, batchRoot: proof.batchRoot },
      { id: key, signature: proof.signature },
    );
    const trusted = `key ${shortKey(key)} (${deps.keys.source})`;
    steps.push({
      label: 'Batch root is signed by the pinned batch key',
      ok,
      detail: ok ? `Signed by ${trusted}` : `The signature is not from the pinned ${trusted}`,
    });
  }
  return steps;
}
