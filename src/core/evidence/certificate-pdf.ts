import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import QRCode from 'qrcode';
import { HASH_LABEL } from '@/shared/evidence/hash-labels.ts';
import type { EvidenceToVerify, ProofResponse } from '@/shared/evidence/verify-evidence.ts';
import {
  type ContentFonts,
  contentFonts,
  drawableText,
  fontRuns,
  wrap,
} from './certificate-text.ts';

export interface CertificateInput {
  productName: string;
  tweetId: string;
  authorUsername: string;
  text: string;
  postedAt: string | null;
  fingerprintedAt: Date;
  contentHash: string;
  fingerprintHash: string;
  /** Null until the Digital Evidence API has put the fingerprint in a batch. */
  batch: {
    batchId: string;
    batchRoot: string;
    /** Binary Merkle siblings, or the MPT proof's node hashes root-first (no indices). */
    proofPath: string[];
    proofIndices: number[];
    /** The global snapshot the batch names (ordinal and hash), as the service said. */
    anchor?: string;
  } | null;
  verifyUrl: string;
  verifyCommand: string;
  /** Where the server publishes the keys a verifier trusts (never carried in the certificate). */
  keysUrl: string;
  /**
   * Attached to the PDF as evidence.json: the canonical record, its hashes, the signed
   * submission and the proof, so `npm run evidence:verify -- --certificate <file>` re-checks it
   * with no network, against the keys the verifier pinned.
   */
  evidence: EvidenceToVerify & { proof: ProofResponse['proof']; batch?: ProofResponse['batch'] };
}

/** The attachment's file name inside the certificate. */
export const CERTIFICATE_ATTACHMENT = 'evidence.json';

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 50;
const INK = rgb(0.1, 0.12, 0.16);
const MUTED = rgb(0.4, 0.43, 0.5);

/**
 * The PDF certificate of a fingerprinted post, drawn with pdf-lib: the content, the
 * author and times, both hashes, the batch and its Merkle proof path, a QR code to the
 * verification page and the command that re-checks it. The hashes also go in the document's
 * keywords, so tools can read them without parsing page text.
 */
export async function renderEvidenceCertificate(input: CertificateInput): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Digital evidence certificate: post ${input.tweetId}`);
  pdf.setAuthor(input.productName);
  pdf.setSubject(`Fingerprint of a post by @${input.authorUsername}`);
  pdf.setKeywords([input.contentHash, input.fingerprintHash, input.tweetId]);
  pdf.setCreationDate(input.fingerprintedAt);
  const fonts = {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
    mono: await pdf.embedFont(StandardFonts.Courier),
  };
  const page = pdf.addPage([A4.width, A4.height]);
  const pen = new Pen(pdf, page);

  pen.text('Digital evidence certificate', fonts.bold, 20);
  pen.text(
    `${input.productName} · anchored through Constellation's Digital Evidence API`,
    fonts.regular,
    10,
    MUTED,
  );
  pen.gap(14);
  pen.field('Post', `${input.tweetId} by @${input.authorUsername}`, fonts);
  pen.field('Posted at', input.postedAt ?? 'unknown', fonts);
  pen.field('Fingerprinted at', input.fingerprintedAt.toISOString(), fonts);
  pen.gap(6);
  pen.text('Content', fonts.bold, 10);
  const content = await contentFonts(pdf, input.text, fonts.regular);
  const text = drawableText(input.text, content);
  for (const line of wrap(text, content, 11, A4.width - 2 * MARGIN)) pen.runs(line, content, 11);
  pen.gap(10);
  pen.field(`${HASH_LABEL.content} (SHA-256 of the record)`, input.contentHash, fonts, true);
  pen.field(HASH_LABEL.fingerprint, input.fingerprintHash, fonts, true);
  if (input.batch) {
    pen.field('Batch', input.batch.batchId, fonts, true);
    pen.field('Batch Merkle root', input.batch.batchRoot, fonts, true);
    if (input.batch.anchor) pen.field('Anchored in', input.batch.anchor, fonts, true);
  } else {
    pen.field('Batch', 'not yet in a batch: the proof follows within minutes', fonts);
  }
  pen.text('Merkle proof path', fonts.bold, 9, MUTED);
  for (const line of proofPathLines(input.batch)) pen.text(line, fonts.mono, 8);
  pen.gap(10);
  pen.text('Verify it yourself', fonts.bold, 12);
  pen.text(input.verifyUrl, fonts.mono, 8);
  pen.text(input.verifyCommand, fonts.mono, 8);
  pen.text(
    'Offline, with this file (its attachment evidence.json holds the record, the signed',
    fonts.regular,
    9,
    MUTED,
  );
  pen.text('submission and the proof) and the keys you saved from:', fonts.regular, 9, MUTED);
  pen.text(input.keysUrl, fonts.mono, 8);
  pen.text(
    `npm run evidence:verify -- --certificate evidence-${input.tweetId}.pdf --keys evidence-keys.json`,
    fonts.mono,
    8,
  );
  await pdf.attach(Buffer.from(JSON.stringify(input.evidence, null, 2)), CERTIFICATE_ATTACHMENT, {
    mimeType: 'application/json',
    description: 'The archived record, its hashes, the signed submission and the Merkle proof',
    creationDate: input.fingerprintedAt,
    modificationDate: input.fingerprintedAt,
  });

  const qr = await pdf.embedPng(await QRCode.toBuffer(input.verifyUrl, { margin: 1, width: 240 }));
  page.drawImage(qr, {
    x: A4.width - MARGIN - 110,
    y: A4.height - MARGIN - 130,
    width: 110,
    height: 110,
  });
  return pdf.save();
}

/**
 * The siblings from the fingerprint's leaf up to the root, each with its side; a batch of one has
 * none (the leaf is the root), and a fingerprint not yet batched has no path yet.
 */
export function proofPathLines(batch: CertificateInput['batch']): string[] {
  if (!batch) return ['not yet in a batch'];
  if (batch.proofPath.length === 0)
    return ['empty: the fingerprint is the only one in its batch, its leaf is the root'];
  if (batch.proofIndices.length === 0)
    return batch.proofPath.map((hash, i) => `${i + 1}. trie node ${hash}`);
  return batch.proofPath.map(
    (hash, i) => `${i + 1}. ${batch.proofIndices[i] === 0 ? 'left ' : 'right'} ${hash}`,
  );
}

/** Writes lines top-down, onto a new page when one is full (a long post). */
class Pen {
  private y = A4.height - MARGIN;
  constructor(
    private readonly pdf: PDFDocument,
    private page: PDFPage,
  ) {}
  text(text: string, font: PDFFont, size: number, color = INK) {
    this.line(size);
    this.page.drawText(text, { x: MARGIN, y: this.y, size, font, color });
  }
  /** A line of mixed fonts (a post's text with emoji), run after run. */
  runs(text: string, fonts: ContentFonts, size: number) {
    this.line(size);
    let x = MARGIN;
    for (const run of fontRuns(text, fonts)) {
      this.page.drawText(run.text, { x, y: this.y, size, font: run.font, color: INK });
      x += run.font.widthOfTextAtSize(run.text, size);
    }
  }
  private line(size: number) {
    if (this.y - size * 1.35 < MARGIN) {
      this.page = this.pdf.addPage([A4.width, A4.height]);
      this.y = A4.height - MARGIN;
    }
    this.y -= size * 1.35;
  }
  field(
    label: string,
    value: string,
    fonts: Record<'regular' | 'bold' | 'mono', PDFFont>,
    mono = false,
  ) {
    this.text(label, fonts.bold, 9, MUTED);
    this.text(value, mono ? fonts.mono : fonts.regular, mono ? 8.5 : 10.5);
    this.gap(3);
  }
  gap(points: number) {
    this.y -= points;
  }
}
