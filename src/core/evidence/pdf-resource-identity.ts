import { createHash } from 'node:crypto';
import { PDFArray, type PDFDict, PDFName, PDFRawStream } from 'pdf-lib';

/**
 * What a page resource draws, as a comparable identity: a font by its type, base name (without
 * the random subset tag), encoding and font file; an image or form by its type and bytes. Two
 * renders of one certificate give equal identities; a swapped glyph set or picture does not.
 */
const hash = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex').slice(0, 16);

function resource(resources: PDFDict | undefined, kind: string, name: string) {
  const group = resources?.lookup(PDFName.of(kind));
  const dict = group && 'lookup' in group ? (group as PDFDict) : undefined;
  return dict?.lookup(PDFName.of(name)) as PDFDict | PDFRawStream | undefined;
}

/** A font as what decides its glyphs: type, base name (without a subset tag), encoding, font file. */
export function fontIdentity(resources: PDFDict | undefined, name: string) {
  const dict = resource(resources, 'Font', name) as PDFDict | undefined;
  if (!dict) return { id: `missing-font:${name}`, simple: true };
  const get = (d: PDFDict | undefined, key: string) => d?.lookup(PDFName.of(key));
  const subtype = String(get(dict, 'Subtype'));
  const base = String(get(dict, 'BaseFont')).replace(/^\/[A-Z]{6}\+/, '/');
  const descendants = get(dict, 'DescendantFonts');
  const descendant =
    descendants instanceof PDFArray ? (descendants.lookup(0) as PDFDict) : undefined;
  const descriptor = get(descendant ?? dict, 'FontDescriptor') as PDFDict | undefined;
  const file = ['FontFile', 'FontFile2', 'FontFile3'].map((k) => get(descriptor, k)).find(Boolean);
  const fileHash = file instanceof PDFRawStream ? hash(file.getContents()) : 'none';
  const extra = subtype === '/Type3' ? hash(Buffer.from(dict.toString())) : '';
  return {
    id: `${subtype}${base}/${String(get(dict, 'Encoding'))}/${fileHash}${extra}`,
    simple: subtype !== '/Type0',
  };
}

export function xObjectIdentity(resources: PDFDict | undefined, name: string) {
  const stream = resource(resources, 'XObject', name);
  if (!(stream instanceof PDFRawStream)) return `missing-xobject:${name}`;
  const subtype = String(stream.dict.get(PDFName.of('Subtype')));
  return `${subtype} ${hash(stream.getContents())}`;
}
