import * as z from 'zod/mini';
import type { AnchorDeps } from './anchor.ts';
import { canonicalJson } from './canonical-json.ts';
import type { TrustedKeys } from './evidence-keys.ts';
import { batchAnchorSchema, inclusionProofSchema } from './proof-shapes.ts';
import { inclusionSteps } from './verify-inclusion.ts';
import type { EvidenceToVerify, VerifyStep } from './verify-step.ts';
import { submissionSteps } from './verify-submission.ts';

/** What `GET /api/digital-evidence/{tweetId}/proof` answers (the parts a verifier reads). */
export const proofResponseSchema = z.object({
  proof: z.nullable(inclusionProofSchema),
  /** The batch as the service describes it: its root and the global snapshot it names. */
  batch: z.optional(z.nullable(batchAnchorSchema)),
});
export type ProofResponse = z.infer<typeof proofResponseSchema>;

export type { EvidenceToVerify, VerifyStep };

/**
 * The checks anyone can repeat, in the browser (verify panel) or a terminal
 * (`npm run evidence:verify`), with the caller's own SHA-256: the record hashes to
 * `contentHash`; the signed submission points at that hash and post, hashes to the fingerprint
 * and carries the archive key's signature (verify-submission.ts); the fingerprint is under the
 * batch root, committed in the global snapshot the batch names (verify-inclusion.ts). The keys
 * and the network are the caller's (`keys`, `anchor`), never read from the evidence or the
 * proof. `loadProof` returns null when the proof cannot be fetched.
 */
export async function verifyEvidence(
  evidence: EvidenceToVerify,
  deps: {
    sha256Hex(text: string): Promise<string>;
    loadProof(tweetId: string): Promise<ProofResponse | null>;
    keys: TrustedKeys;
    /** Where the verifier reads global snapshots; without it the anchor cannot be checked. */
    anchor?: AnchorDeps;
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
  const { proof, batch } = loaded;
  if (!proof) {
    const detail = 'Not yet included in a batch; check again in a few minutes.';
    return [...steps, { label: 'Merkle proof', ok: null, detail }];
  }
  const fingerprint = signed.fingerprintHash ?? evidence.fingerprintHash;
  steps.push(...(await inclusionSteps(fingerprint, proof, batch, deps)));
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
