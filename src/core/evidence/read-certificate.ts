import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFRawStream,
  PDFString,
} from 'pdf-lib';
import { CERTIFICATE_ATTACHMENT } from './certificate-pdf.ts';

/**
 * The evidence.json a certificate carries (certificate-pdf.ts), read from the PDF's embedded
 * files, or null when the file has none (not one of our certificates).
 */
export async function readCertificateEvidence(bytes: Uint8Array): Promise<unknown | null> {
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
  const names = pdf.catalog.lookupMaybe(PDFName.of('Names'), PDFDict);
  const files = names?.lookupMaybe(PDFName.of('EmbeddedFiles'), PDFDict);
  const list = files?.lookupMaybe(PDFName.of('Names'), PDFArray);
  if (!list) return null;
  for (let i = 0; i + 1 < list.size(); i += 2) {
    const name = list.lookup(i);
    const text = name instanceof PDFString || name instanceof PDFHexString ? name.decodeText() : '';
    if (text !== CERTIFICATE_ATTACHMENT) continue;
    const spec = list.lookup(i + 1, PDFDict);
    const stream = spec.lookup(PDFName.of('EF'), PDFDict).lookup(PDFName.of('F'));
    if (!(stream instanceof PDFRawStream)) return null;
    const json = new TextDecoder().decode(decodePDFRawStream(stream).decode());
    return JSON.parse(json) as unknown;
  }
  return null;
}
