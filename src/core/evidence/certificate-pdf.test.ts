import { decodePDFRawStream, PDFDocument, PDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import {
  type CertificateInput,
  proofPathLines,
  renderEvidenceCertificate,
} from './certificate-pdf.ts';
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
  batch: {
    batchId: 'batch-7',
    batchRoot: 'c'.repeat(64),
    proofPath: ['d'.repeat(64), 'e'.repeat(64)],
    proofIndices: [1, 0],
  },
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

/** Every stream of the PDF, decoded to text (page contents, fonts' ToUnicode maps, font names). */
async function pdfStreams(bytes: Uint8Array): Promise<string> {
  const doc = await PDFDocument.load(bytes);
  const out: string[] = [];
  for (const [, obj] of doc.context.enumerateIndirectObjects()) {
    out.push(obj.toString().slice(0, 2000));
    if (obj instanceof PDFRawStream)
      out.push(Buffer.from(decodePDFRawStream(obj).decode()).toString('latin1'));
  }
  return out.join('\n');
}
/** What a text in Helvetica looks like in a content stream: the hex of its bytes. */
const helveticaHex = (s: string) => Buffer.from(s, 'latin1').toString('hex').toUpperCase();

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

  it('draws an emoji with an embedded emoji font, not as its code point', async () => {
    const streams = await pdfStreams(
      await renderEvidenceCertificate(input({ text: 'Launch 🚀 ❤️ café’s' })),
    );
    expect(streams).toMatch(/\/Subtype \/Type0\n\/BaseFont \/NotoEmoji-Regular/);
    // The embedded font maps its glyph back to U+1F680 (UTF-16 D83D DE80): copy-paste gives 🚀.
    expect(streams).toContain('<D83DDE80>');
    expect(streams).toMatch(/<2764(FE0F)?>/);
    expect(streams).not.toContain(helveticaHex('<U+1F680>'));
    expect(streams).not.toContain(helveticaHex('<U+FE0F>'));
    // ’ is in Helvetica's encoding: drawn, not written as <U+2019>.
    expect(streams).not.toContain(helveticaHex('<U+2019>'));
  });

  it('keeps a character no embedded font has as its code point', async () => {
    const streams = await pdfStreams(await renderEvidenceCertificate(input({ text: 'ok ア' })));
    expect(streams).toContain(helveticaHex('ok <U+30A2>'));
  });

  it('prints the Merkle proof path under its heading, or why there is none', async () => {
    const d = 'd'.repeat(64);
    const e = 'e'.repeat(64);
    expect(proofPathLines(input().batch)).toEqual([`1. right ${d}`, `2. left  ${e}`]);
    const streams = await pdfStreams(await renderEvidenceCertificate(input()));
    expect(streams).toContain(helveticaHex(`1. right ${d}`));
    const alone = { batchId: 'b', batchRoot: 'c'.repeat(64), proofPath: [], proofIndices: [] };
    expect(proofPathLines(alone)).toEqual([
      'empty: the fingerprint is the only one in its batch, its leaf is the root',
    ]);
    const pending = await pdfStreams(await renderEvidenceCertificate(input({ batch: null })));
    expect(pending).toContain(helveticaHex('Merkle proof path'));
    expect(pending).toContain(helveticaHex('not yet in a batch'));
  });
});
