import * as z from 'zod/mini';
import { canonicalJson } from './canonical-json.ts';
import { shortKey, type TrustedKeys } from './evidence-keys.ts';
import { verifyMerkleProof } from './merkle.ts';
import { verifyValue } from './signature.ts';
import type { EvidenceToVerify, VerifyStep } from './verify-step.ts';
import { submissionSteps } from './verify-submission.ts';

/** What `GET /api/digital-evidence/{tweetId}/proof` answers (the parts a verifier reads). */
export const proofResponseSchema = z.object({
  proof: z.nullable(
    z.object({
      batchId: z.string(),
      batchRoot: z.string(),
      signature: z.string(),
      proofPath: z.array(z.string()),
      proofIndices: z.array(z.int()),
      treeHeight: z.int(),
    }),
  ),
});
export type ProofResponse = z.infer<typeof proofResponseSchema>;

export type { EvidenceToVerify, VerifyStep };

/**
 * The checks anyone can repeat, in the browser (verify panel) or a terminal
 * (`npm run evidence:verify`), with the caller's own SHA-256: the record hashes to
 * `contentHash`; the signed submission points at that hash and post, hashes to the fingerprint
 * and carries the archive key's signature (verify-submission.ts); the fingerprint is in the
 * batch's Merkle tree; the batch root carries the Digital Evidence key's signature. The keys
 * are the caller's (`keys`), never read from the evidence or the proof. `loadProof` returns null
 * when the proof cannot be fetched.
 */
export async function verifyEvidence(
  evidence: EvidenceToVerify,
  deps: {
    sha256Hex(text: string): Promise<string>;
    loadProof(tweetId: string): Promise<ProofResponse | null>;
    keys: TrustedKeys;
  },
): Promise<VerifyStep[]> {
  const contentHash = await recordHash(evidence.record, deps.sha256Hex);
  const steps: VerifyStep[] = [
    {
      label: 'Content hash matches the archived record',
      ok: contentHash === evidence.contentHash,
      detail: `Recomputed ${contentHash}`,
    },
  ];
  const signed = await submissionSteps(evidence, contentHash, deps);
  steps.push(...signed.steps);
  const loaded = await deps.loadProof(evidence.tweetId);
  if (!loaded) {
    const detail = 'The Digital Evidence API did not answer; try again later.';
    return [...steps, { label: 'Merkle proof', ok: null, detail }];
  }
  const { proof } = loaded;
  if (!proof) {
    const detail = 'Not yet included in a batch; check again in a few minutes.';
    return [...steps, { label: 'Merkle proof', ok: null, detail }];
  }
  steps.push({
    label: 'Fingerprint is in the batch Merkle tree',
    ok: verifyMerkleProof(
      signed.fingerprintHash ?? evidence.fingerprintHash,
      proof,
      proof.batchRoot,
    ),
    detail: `Batch ${proof.batchId}, root ${proof.batchRoot}`,
  });
  const label = 'Batch root is signed by the Digital Evidence key';
  const key = deps.keys.batchPublicKey;
  if (!key) {
    steps.push({ label, ok: null, detail: `No batch key is known (${deps.keys.source}).` });
    return steps;
  }
  const ok = verifyValue(
    { batchId: proof.batchId, batchRoot: proof.batchRoot },
    { id: key, signature: proof.signature },
  );
  const trusted = `key ${shortKey(key)} (${deps.keys.source})`;
  const detail = ok ? `Signed by ${trusted}` : `The signature is not from the trusted ${trusted}`;
  steps.push({ label, ok, detail });
  return steps;
}

/** The record's canonical SHA-256; a record that is not JSON data hashes to nothing. */
async function recordHash(record: unknown, sha256Hex: (text: string) => Promise<string>) {
  try {
    return await sha256Hex(canonicalJson(record));
  } catch {
    return '(the record is not JSON data)';
  }
}
