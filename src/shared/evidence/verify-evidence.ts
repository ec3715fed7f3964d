import { z } from 'zod';
import { canonicalJson } from './canonical-json.ts';
import { verifyMerkleProof } from './merkle.ts';
import { verifyValue } from './signature.ts';

/** What `GET /api/digital-evidence/{tweetId}/proof` answers (the parts a verifier reads). */
export const proofResponseSchema = z.object({
  proof: z
    .object({
      batchId: z.string(),
      batchRoot: z.string(),
      signature: z.string(),
      proofPath: z.array(z.string()),
      proofIndices: z.array(z.number().int()),
      treeHeight: z.number().int(),
    })
    .nullable(),
  batchPublicKey: z.string().nullable().optional(),
});
export type ProofResponse = z.infer<typeof proofResponseSchema>;

export interface EvidenceToVerify {
  tweetId: string;
  record: unknown;
  contentHash: string;
  fingerprintHash: string;
}

export interface VerifyStep {
  label: string;
  /** null: could not be checked yet (no batch yet, API down). */
  ok: boolean | null;
  detail: string;
}

/**
 * The checks anyone can repeat, in the browser (verify panel) or a terminal
 * (`npm run evidence:verify`): the archived record hashes to `contentHash` (with the caller's
 * own SHA-256), the fingerprint is in the batch's Merkle tree, and the batch root carries the
 * network key's signature. `loadProof` returns null when the proof cannot be fetched.
 */
export async function verifyEvidence(
  evidence: EvidenceToVerify,
  deps: {
    sha256Hex(text: string): Promise<string>;
    loadProof(tweetId: string): Promise<ProofResponse | null>;
  },
): Promise<VerifyStep[]> {
  const recomputed = await deps.sha256Hex(canonicalJson(evidence.record));
  const steps: VerifyStep[] = [
    {
      label: 'Content hash matches the archived record',
      ok: recomputed === evidence.contentHash,
      detail: `Recomputed ${recomputed}`,
    },
  ];
  const loaded = await deps.loadProof(evidence.tweetId);
  if (!loaded) {
    steps.push({
      label: 'Merkle proof',
      ok: null,
      detail: 'The Digital Evidence API did not answer; try again later.',
    });
    return steps;
  }
  const { proof, batchPublicKey } = loaded;
  if (!proof) {
    steps.push({
      label: 'Merkle proof',
      ok: null,
      detail: 'Not yet included in a batch; check again in a few minutes.',
    });
    return steps;
  }
  steps.push({
    label: 'Fingerprint is in the batch Merkle tree',
    ok: verifyMerkleProof(evidence.fingerprintHash, proof, proof.batchRoot),
    detail: `Batch ${proof.batchId}, root ${proof.batchRoot}`,
  });
  if (batchPublicKey) {
    steps.push({
      label: 'Batch root is signed by the network key',
      ok: verifyValue(
        { batchId: proof.batchId, batchRoot: proof.batchRoot },
        { id: batchPublicKey, signature: proof.signature },
      ),
      detail: `Key ${batchPublicKey.slice(0, 16)}…`,
    });
  }
  return steps;
}
