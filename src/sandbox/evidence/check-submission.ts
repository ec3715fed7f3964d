import {
  type FingerprintSubmission,
  fingerprintSubmissionSchema,
} from '@/integrations/evidence/index.ts';
import { canonicalJson } from '@/shared/evidence/canonical-json.ts';
import { sha256Hex } from '@/shared/evidence/hex.ts';
import { verifyValue } from '@/shared/evidence/signature.ts';

export type Checked =
  | { ok: true; submission: FingerprintSubmission; hash: string }
  | { ok: false; eventId: string; hash: string; errors: string[] };

/** What the real API checks per submission: shape, org/tenant, signatures, metadata hash, tags. */
export function checkSubmission(
  raw: unknown,
  expected: { orgId: string; tenantId: string },
): Checked {
  const parsed = fingerprintSubmissionSchema.safeParse(raw);
  const rawContent = (raw as { attestation?: { content?: { eventId?: unknown } } } | null)
    ?.attestation?.content;
  const eventId = typeof rawContent?.eventId === 'string' ? rawContent.eventId : '';
  if (!parsed.success) {
    const errors = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    return { ok: false, eventId, hash: '', errors };
  }
  const submission = parsed.data;
  const { content, proofs } = submission.attestation;
  const hash = sha256Hex(canonicalJson(content));
  const errors: string[] = [];
  if (content.orgId !== expected.orgId) errors.push('orgId does not belong to this API key');
  if (content.tenantId !== expected.tenantId)
    errors.push('tenantId does not belong to this API key');
  proofs.forEach((proof, i) => {
    if (!verifyValue(content, proof)) errors.push(`proofs.${i}: invalid signature`);
  });
  if (content.signerId && !proofs.some((p) => p.id === content.signerId)) {
    errors.push('signerId has no matching proof');
  }
  if (submission.metadata && submission.metadata.hash !== hash) {
    errors.push('metadata.hash is not the SHA-256 of the canonical value');
  }
  if (Object.keys(submission.metadata?.tags ?? {}).length > 6) errors.push('at most 6 tags');
  return errors.length ? { ok: false, eventId, hash, errors } : { ok: true, submission, hash };
}
