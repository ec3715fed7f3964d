import { randomBytes } from 'node:crypto';
import { PDFDocument, rgb } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { buildSubmission } from '@/integrations/evidence/index.ts';
import { contentHashOf, type PostRecord } from '@/shared/evidence/post-record.ts';
import { type CertificateEvidence, certificatePageStep } from './certificate-page-check.ts';
import { renderEvidenceCertificate } from './certificate-pdf.ts';

const ORIGIN = 'https://upsider.example';

/** A certificate as the server draws it (evidence-certificate.ts), for a post with `text`. */
async function certificate(text: string) {
  const record: PostRecord = {
    version: 1,
    platform: 'x',
    tweetId: '1800000000000000001',
    author: { id: '42', username: 'carol' },
    createdAt: '2026-11-20T10:00:00.000Z',
    text,
    media: [],
    entities: { mentions: [], hashtags: [], urls: [] },
  };
  const contentHash = contentHashOf(record);
  const { submission, hash } = buildSubmission({
    orgId: '00000000-0000-4000-8000-0000000000aa',
    tenantId: '00000000-0000-4000-8000-0000000000bb',
    eventId: 'e1',
    documentId: `x:${record.tweetId}`,
    documentRef: contentHash,
    timestamp: new Date('2026-11-21T09:30:00Z'),
    privateKeyHex: randomBytes(32).toString('hex'),
  });
  const evidence: CertificateEvidence = {
    tweetId: record.tweetId,
    record,
    contentHash,
    fingerprintHash: hash,
    submission,
    proof: null,
  };
  const bytes = await renderEvidenceCertificate({
    productName: 'Upsider',
    tweetId: record.tweetId,
    authorUsername: 'carol',
    text,
    postedAt: record.createdAt,
    fingerprintedAt: new Date('2026-11-21T09:30:00Z'),
    contentHash,
    fingerprintHash: hash,
    batch: null,
    verifyUrl: `${ORIGIN}/digital-evidence/tweet/${record.tweetId}`,
    verifyCommand: `npm run evidence:verify -- ${record.tweetId} --server ${ORIGIN}`,
    keysUrl: `${ORIGIN}/api/digital-evidence/keys`,
    evidence,
  });
  return { bytes, evidence };
}

describe('a certificate’s pages against its record', () => {
  it('passes for posts with emoji and for a post long enough for two pages', async () => {
    for (const text of ['Ship it 🚀🔥 — café', 'The bridge opens Monday. '.repeat(140)]) {
      const { bytes, evidence } = await certificate(text);
      const step = await certificatePageStep(bytes, evidence);
      expect(step.ok, step.detail).toBe(true);
    }
  });

  it('fails when a white box hides part of the page, though no text is added', async () => {
    const { bytes, evidence } = await certificate('I will never sell.');
    const pdf = await PDFDocument.load(bytes);
    pdf.getPage(0).drawRectangle({ x: 60, y: 640, width: 40, height: 14, color: rgb(1, 1, 1) });
    const step = await certificatePageStep(await pdf.save(), evidence);
    expect(step.ok).toBe(false);
    expect(step.detail).toContain('a shape');
  });

  it('fails when the embedded record says other words than the page', async () => {
    const genuine = await certificate('I will never sell.');
    const other = await certificate('I will sell.');
    const step = await certificatePageStep(genuine.bytes, other.evidence);
    expect(step.ok).toBe(false);
    expect(step.detail).toContain('I will never sell.');
  });
});
