import { canonicalJson } from './canonical-json.ts';
import { shortKey, type TrustedKeys } from './evidence-keys.ts';
import { shortHash } from './post-record.ts';
import { verifyValue } from './signature.ts';
import {
  documentIdOfPost,
  type FingerprintSubmission,
  fingerprintSubmissionSchema,
} from './signed-submission.ts';
import type { EvidenceToVerify, VerifyStep } from './verify-step.ts';

/**
 * The steps that tie the archived record to the fingerprint: the signed submission points at
 * this record (its content hash) and this post, the fingerprint hash is the submission's own
 * (recomputed as the Digital Evidence API computes it: SHA-256 of the value's RFC 8785 JSON),
 * and the archive's trusted key signed it. Without them a record could be rewritten, or
 * invented, under a real fingerprint. Returns the recomputed fingerprint hash for the batch
 * check (null when there is no readable submission).
 */
export async function submissionSteps(
  evidence: EvidenceToVerify,
  contentHash: string,
  deps: { sha256Hex(text: string): Promise<string>; keys: TrustedKeys },
): Promise<{ steps: VerifyStep[]; fingerprintHash: string | null }> {
  const parsed = fingerprintSubmissionSchema.safeParse(evidence.submission);
  if (!parsed.success) {
    const step = {
      label: 'Signed submission names this post and record',
      ok: false,
      detail:
        'The evidence carries no readable signed submission, so nothing ties it to a fingerprint.',
    };
    return { steps: [step], fingerprintHash: null };
  }
  const submission = parsed.data;
  const fingerprintHash = await deps.sha256Hex(canonicalJson(submission.attestation.content));
  const claimed = [evidence.fingerprintHash, submission.metadata?.hash ?? fingerprintHash];
  const steps: VerifyStep[] = [
    namesThisRecord(evidence, submission, contentHash),
    {
      label: 'Fingerprint hash is computed from the signed submission',
      ok: claimed.every((hash) => hash.toLowerCase() === fingerprintHash),
      detail: `Recomputed ${fingerprintHash}`,
    },
    signedByArchive(submission, deps.keys),
  ];
  return { steps, fingerprintHash };
}

function namesThisRecord(
  evidence: EvidenceToVerify,
  submission: FingerprintSubmission,
  contentHash: string,
): VerifyStep {
  const { documentRef, documentId } = submission.attestation.content;
  const tagged = submission.metadata?.tags?.tweet_id;
  const recordPost = (evidence.record as { tweetId?: unknown } | null)?.tweetId;
  const mismatches = [
    documentRef.toLowerCase() !== contentHash &&
      `it points at content ${shortHash(documentRef)}, not this record's ${shortHash(contentHash)}`,
    documentId !== documentIdOfPost(evidence.tweetId) &&
      `its document is ${documentId}, not post ${evidence.tweetId}`,
    tagged !== evidence.tweetId && `its tweet_id tag is ${tagged ?? 'missing'}`,
    recordPost !== evidence.tweetId && `the record is of post ${String(recordPost)}`,
  ].filter((m): m is string => typeof m === 'string');
  return {
    label: 'Signed submission names this post and record',
    ok: mismatches.length === 0,
    detail: mismatches.length
      ? `Mismatch: ${mismatches.join('; ')}.`
      : `documentRef ${documentRef}, document ${documentId}`,
  };
}

function signedByArchive(submission: FingerprintSubmission, keys: TrustedKeys): VerifyStep {
  const label = "Submission is signed by the archive's key";
  const { content, proofs } = submission.attestation;
  if (!keys.signerId) {
    return { label, ok: null, detail: `No archive key is known (${keys.source}).` };
  }
  const trusted = keys.signerId.toLowerCase();
  const proof = proofs.find((p) => p.id.toLowerCase() === trusted);
  if (!proof) {
    const by = proofs.map((p) => shortKey(p.id)).join(', ');
    return {
      label,
      ok: false,
      detail: `Signed by ${by}, not the trusted key ${shortKey(trusted)}`,
    };
  }
  const ok =
    verifyValue(content, proof) &&
    (content.signerId === undefined || content.signerId.toLowerCase() === trusted);
  return {
    label,
    ok,
    detail: ok
      ? `Signed by key ${shortKey(trusted)} (${keys.source})`
      : `The signature does not match the submission for key ${shortKey(trusted)}`,
  };
}
