import { PDFDocument } from 'pdf-lib';
import { postRecordSchema } from '@/shared/evidence/post-record.ts';
import { fingerprintSubmissionSchema } from '@/shared/evidence/signed-submission.ts';
import type {
  EvidenceToVerify,
  ProofResponse,
  VerifyStep,
} from '@/shared/evidence/verify-evidence.ts';
import { certificateBatch } from './certificate-batch.ts';
import { renderEvidenceCertificate } from './certificate-pdf.ts';
import { documentMarks, type PageMark, pageMarks } from './pdf-page-marks.ts';

export type CertificateEvidence = EvidenceToVerify & {
  proof: ProofResponse['proof'];
  batch?: ProofResponse['batch'];
};

const LABEL = 'Certificate pages show only the verified record';
/** The certificate's own words around its record: who issued it and where it says to verify. */
const ISSUER = / · anchored through Constellation's Digital Evidence API$/;
const SAFE_ISSUER = /^[\p{L}\p{N} .&'-]{1,40}$/u;

/**
 * What a certificate's pages show, tied to what the verifier checked. The generator is ours, so
 * the verifier draws the certificate again from the embedded record, submission and proof and
 * compares every mark of every page (pdf-page-marks.ts): the same text runs in the same fonts,
 * sizes, places and colours, the same QR image, and nothing else — no added text, shape, image,
 * annotation or form field, in any content stream or incremental update. Only the issuer's name
 * and the site address are read from the page (they are not in the record), limited to a plain
 * name and an http(s) origin, and printed as unsigned.
 */
export async function certificatePageStep(
  bytes: Uint8Array,
  evidence: CertificateEvidence,
): Promise<VerifyStep> {
  // A file our reader cannot follow is not a certificate it can vouch for.
  return comparePages(bytes, evidence).catch((err: unknown) => ({
    label: LABEL,
    ok: false,
    detail: `The pages could not be read: ${err instanceof Error ? err.message : String(err)}`,
  }));
}

async function comparePages(bytes: Uint8Array, evidence: CertificateEvidence): Promise<VerifyStep> {
  const fail = (detail: string): VerifyStep => ({ label: LABEL, ok: false, detail });
  const record = postRecordSchema.safeParse(evidence.record);
  const submission = fingerprintSubmissionSchema.safeParse(evidence.submission);
  if (!record.success || !submission.success)
    return fail('The embedded evidence holds no readable post record and submission to draw.');
  const actual = await PDFDocument.load(bytes, { updateMetadata: false });
  const pages = actual.getPages().map((_, i) => pageMarks(actual, i));
  const words = pageWords(pages.flat(), evidence.tweetId);
  if (!words) return fail('The pages are not laid out as an evidence certificate.');
  const { tweetId, proof } = evidence;
  const expectedBytes = await renderEvidenceCertificate({
    productName: words.productName,
    tweetId,
    authorUsername: record.data.author.username,
    text: record.data.text,
    postedAt: record.data.createdAt,
    fingerprintedAt: new Date(submission.data.attestation.content.timestamp),
    contentHash: evidence.contentHash,
    fingerprintHash: evidence.fingerprintHash,
    batch: certificateBatch(proof, evidence.batch),
    verifyUrl: `${words.origin}/digital-evidence/tweet/${tweetId}`,
    verifyCommand: `npm run evidence:verify -- ${tweetId} --server ${words.origin}`,
    keysUrl: `${words.origin}/api/digital-evidence/keys`,
    evidence,
  });
  const expected = await PDFDocument.load(expectedBytes, { updateMetadata: false });
  const extraInDocument = documentMarks(actual);
  if (extraInDocument.length) return fail(`The file adds ${extraInDocument[0]!.text}.`);
  if (pages.length !== expected.getPageCount())
    return fail(`It has ${pages.length} pages; the record fills ${expected.getPageCount()}.`);
  for (const [i, marks] of pages.entries()) {
    const difference = firstDifference(marks, pageMarks(expected, i));
    if (difference) return fail(`Page ${i + 1} ${difference}`);
  }
  return {
    label: LABEL,
    ok: true,
    detail:
      `${pages.length} page(s) drawn exactly as the record, hashes and proof above; issuer ` +
      `"${words.productName}" and address ${words.origin} are the certificate's own, unsigned.`,
  };
}

/** The issuer and the site's origin as the page writes them, when they are plain. */
function pageWords(marks: PageMark[], tweetId: string) {
  const issuerLine = marks.find((m) => ISSUER.test(m.text))?.text.replace(ISSUER, '');
  const verifyLine = `/digital-evidence/tweet/${tweetId}`;
  const url = marks.find((m) => m.text.endsWith(verifyLine))?.text.slice(0, -verifyLine.length);
  if (!issuerLine || !SAFE_ISSUER.test(issuerLine) || !url) return null;
  try {
    const origin = new URL(url);
    const plain = `${origin.origin}${origin.pathname}`.replace(/\/$/, '');
    if (!/^https?:$/.test(origin.protocol) || plain !== url) return null;
  } catch {
    return null;
  }
  return { productName: issuerLine, origin: url.replace(/\/$/, '') };
}

function firstDifference(actual: PageMark[], expected: PageMark[]): string | null {
  const wanted = new Map<string, number>();
  for (const m of expected) wanted.set(m.key, (wanted.get(m.key) ?? 0) + 1);
  const extra = actual.filter((m) => {
    const left = wanted.get(m.key) ?? 0;
    if (left > 0) wanted.set(m.key, left - 1);
    return left === 0;
  });
  if (extra.length) {
    const shown = extra.slice(0, 3).map((m) => `"${m.text}"`);
    return `shows what the record does not hold: ${shown.join(', ')}${extra.length > 3 ? ` and ${extra.length - 3} more` : ''}.`;
  }
  const missing = expected.find((m) => (wanted.get(m.key) ?? 0) > 0);
  if (missing) return `lacks part of the record: "${missing.text}".`;
  const order = actual.findIndex((m, i) => m.key !== expected[i]!.key);
  return order < 0 ? null : `draws the record out of order near "${actual[order]!.text}".`;
}
