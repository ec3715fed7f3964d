import type { EvidenceClient } from '@/integrations/evidence/index.ts';
import { EVIDENCE_KEYS_PATH } from '@/shared/evidence/evidence-keys.ts';
import type { PostRecord } from '@/shared/evidence/post-record.ts';
import { certificateBatch } from './certificate-batch.ts';
import { loadInclusion } from './load-inclusion.ts';
import type { EvidenceRow } from './records.ts';

/**
 * The certificate of one archived post: its record, the signed submission, and the batch proof
 * when the Digital Evidence API has one (a certificate made before batching says so rather than
 * failing).
 */
export async function createEvidenceCertificate(
  deps: {
    evidence?: EvidenceClient;
    publicUrl: string;
    productName: string;
  },
  row: EvidenceRow,
): Promise<Uint8Array> {
  const loaded = deps.evidence
    ? await loadInclusion(deps.evidence, row.fingerprintHash).catch(() => null)
    : null;
  const proof = loaded?.proof?.proof ?? null;
  const batch = loaded?.batch ?? null;
  const record = row.record as PostRecord;
  // Loaded on the first certificate: pdf-lib and qrcode cost the server's start ~1 s
  // (decision 0025).
  const { renderEvidenceCertificate } = await import('./certificate-pdf.ts');
  return renderEvidenceCertificate({
    productName: deps.productName,
    tweetId: row.tweetId,
    authorUsername: row.authorUsername,
    text: record.text,
    postedAt: record.createdAt,
    fingerprintedAt: row.createdAt,
    contentHash: row.contentHash,
    fingerprintHash: row.fingerprintHash,
    batch: certificateBatch(proof, batch),
    verifyUrl: `${deps.publicUrl}/digital-evidence/tweet/${row.tweetId}`,
    verifyCommand: `npm run evidence:verify -- ${row.tweetId} --server ${deps.publicUrl}`,
    keysUrl: `${deps.publicUrl}${EVIDENCE_KEYS_PATH}`,
    // No key: whoever checks the certificate brings the keys they trust.
    evidence: {
      tweetId: row.tweetId,
      record: row.record,
      contentHash: row.contentHash,
      fingerprintHash: row.fingerprintHash,
      submission: row.submission,
      proof,
      batch,
    },
  });
}
