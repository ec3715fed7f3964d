import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { type CertificateInput, latinText, renderEvidenceCertificate } from './certificate-pdf.ts';
import { readCertificateEvidence } from './read-certificate.ts';

const input = (over: Partial<CertificateInput> = {}): CertificateInput => ({
  productName: 'Upsider',
  tweetId: '1800000000000000001',
  authorUsername: 'carol',
  text: 'The bridge opens Monday.',
  postedAt: '2026-11-20T10:00:00.000Z',
  fingerprintedAt: new Date('2026-11-21T09:30:00Z'),
  contentHash: 'a'.repeat(64),
  fingerprintHash: 'b'.repeat(64),
  batch: { batchId: 'batch-7', batchRoot: 'c'.repeat(64), proofPath: ['d'.repeat(64)] },
  verifyUrl: 'https://upsider.example/digital-evidence/tweet/1800000000000000001',
  verifyCommand: 'npm run evidence:verify -- 1800000000000000001',
  keysUrl: 'https://upsider.example/api/digital-evidence/keys',
  evidence: {
    tweetId: '1800000000000000001',
    record: { text: 'The bridge opens Monday.' },
    contentHash: 'a'.repeat(64),
    fingerprintHash: 'b'.repeat(64),
    submission: { attestation: { content: { documentRef: 'a'.repeat(64) } } },
    proof: null,
  },
  ...over,
});

describe('evidence certificate PDF', () => {
  it('parses back as a PDF that names the post and carries both hashes', async () => {
    const doc = await PDFDocument.load(await renderEvidenceCertificate(input()));
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getTitle()).toContain('1800000000000000001');
    expect(doc.getKeywords()).toContain('a'.repeat(64));
    expect(doc.getKeywords()).toContain('b'.repeat(64));
  });

  it('renders emoji, other scripts, HTML-looking text and a long post without failing', async () => {
    const text = `🚀 مرحبا <script>alert(1)</script> ${'word '.repeat(900)}${'x'.repeat(400)}`;
    const doc = await PDFDocument.load(
      await renderEvidenceCertificate(input({ text, batch: null })),
    );
    expect(doc.getPageCount()).toBeGreaterThan(1);
  });

  it('carries the record and proof as an attachment that reads back exactly', async () => {
    const bytes = await renderEvidenceCertificate(input());
    expect(await readCertificateEvidence(bytes)).toEqual(input().evidence);
  });

  it('writes characters the PDF fonts lack as code points, keeping Latin-1 as is', () => {
    expect(latinText('café 🚀 ok')).toBe('café <U+1F680> ok');
    expect(latinText('a\r\nb')).toBe('a\nb');
  });
});
