import { PDFArray, PDFDict, PDFDocument, PDFName, rgb, StandardFonts } from 'pdf-lib';

/** The attack of issue 41: a white box over page 1 and a claim painted on it, saved anew. */
export async function repaintFirstPage(bytes: Uint8Array, claim: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.load(bytes);
  const page = pdf.getPage(0);
  const font = await pdf.embedFont(StandardFonts.HelveticaBold);
  page.drawRectangle({ x: 40, y: 560, width: 515, height: 120, color: rgb(1, 1, 1) });
  page.drawText(claim, { x: 50, y: 620, size: 12, font });
  return pdf.save();
}

/**
 * An incremental update (ISO 32000-1 §7.5.6) appended to the untouched file: one new content
 * stream drawing `claim` in a font the page already has, and a new version of page 1 listing it
 * after its own contents; a classic xref section and a trailer pointing back at the original.
 */
export async function appendTextUpdate(bytes: Uint8Array, claim: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
  const page = pdf.getPage(0);
  const fontName = page.node.Resources()!.lookup(PDFName.of('Font'), PDFDict).keys()[0]!;
  const text = `BT ${fontName} 14 Tf 60 600 Td (${claim}) Tj ET`;
  const streamNo = pdf.context.largestObjectNumber + 1;
  const contents = page.node.get(PDFName.of('Contents'))!;
  const list = contents instanceof PDFArray ? contents.asArray() : [contents];
  const newContents = [...list.map(String), `${streamNo} 0 R`].join(' ');
  const pageDict = page.node.toString().replace(/\/Contents\s+(\[[^\]]*\]|\d+ \d+ R)/, '');
  const pageObj = pageDict.replace(/>>\s*$/, `/Contents [${newContents}]\n>>`);
  const original = Buffer.from(bytes).toString('latin1');
  const prev = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(original)![1];
  let out = original.endsWith('\n') ? original : `${original}\n`;
  const offStream = out.length;
  out += `${streamNo} 0 obj\n<< /Length ${text.length} >>\nstream\n${text}\nendstream\nendobj\n`;
  const offPage = out.length;
  out += `${page.ref.objectNumber} 0 obj\n${pageObj}\nendobj\n`;
  const offXref = out.length;
  const entry = (offset: number) => `${String(offset).padStart(10, '0')} 00000 n \n`;
  out +=
    `xref\n${page.ref.objectNumber} 1\n${entry(offPage)}${streamNo} 1\n${entry(offStream)}` +
    `trailer\n<< /Size ${streamNo + 1} /Root ${pdf.context.trailerInfo.Root} /Prev ${prev} >>\n` +
    `startxref\n${offXref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
