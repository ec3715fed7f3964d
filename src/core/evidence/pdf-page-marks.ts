import {
  decodePDFRawStream,
  PDFArray,
  type PDFDict,
  type PDFDocument,
  PDFName,
  type PDFObject,
  PDFRawStream,
  PDFRef,
  PDFStream,
} from 'pdf-lib';
import { type Operand, readOperations } from './pdf-content-tokens.ts';
import { fontIdentity, xObjectIdentity } from './pdf-resource-identity.ts';

/**
 * Everything a PDF page draws, as marks to compare: each text show (font, size, position,
 * colour and the other state that changes how it looks, and its bytes), each image or form,
 * each painted path, inline image and annotation. Read from all of the page's content streams
 * as the document stands after its last incremental update (pdf-lib keeps the latest
 * definition of every object). `text` is for people: the bytes as Latin-1 for simple fonts.
 */
export interface PageMark {
  key: string;
  text: string;
}

type Matrix = [number, number, number, number, number, number];
const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];
const mul = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[1] * n[2],
  m[0] * n[1] + m[1] * n[3],
  m[2] * n[0] + m[3] * n[2],
  m[2] * n[1] + m[3] * n[3],
  m[4] * n[0] + m[5] * n[2] + n[4],
  m[4] * n[1] + m[5] * n[3] + n[5],
];
const fmt = (m: Matrix) => m.map((v) => (Math.round(v * 100) / 100).toString()).join(' ');

/** Operators that change how later text and images look (colour, opacity, spacing, mode). */
const STATE_OPS = new Set(
  'gs Tc Tw Tz TL Ts Tr rg RG g G k K sc scn SC SCN cs CS w d ri i J j M'.split(' '),
);
const PAINT_OPS = new Set('f F f* S s B B* b b* n sh W W*'.split(' '));

export function documentMarks(pdf: PDFDocument): PageMark[] {
  const marks: PageMark[] = [];
  if (pdf.catalog.get(PDFName.of('AcroForm')))
    marks.push({ key: 'form fields', text: 'a form (AcroForm) with fields' });
  // Optional content can switch drawn marks off (§8.11) without touching them.
  if (pdf.catalog.get(PDFName.of('OCProperties')))
    marks.push({ key: 'optional content', text: 'optional content (layers that hide marks)' });
  return marks;
}

export function pageMarks(pdf: PDFDocument, pageIndex: number): PageMark[] {
  const node = pdf.getPage(pageIndex).node;
  const resources = node.Resources();
  const page = pdf.getPage(pageIndex);
  // The visible area and turn: a smaller crop box hides part of a line without a new mark.
  const boxes = [page.getMediaBox(), page.getCropBox()].map(
    (b) => `${b.x},${b.y},${b.width},${b.height}`,
  );
  const marks: PageMark[] = [
    {
      key: `page ${boxes.join(' ')} ${page.getRotation().angle}`,
      text: 'a page of another size, crop or turn',
    },
  ];
  for (const annot of arrayOf(pdf, node.get(PDFName.of('Annots')))) {
    const subtype = (pdf.context.lookup(annot) as PDFDict | undefined)?.get(PDFName.of('Subtype'));
    marks.push({ key: `annotation ${subtype}`, text: `an annotation (${subtype})` });
  }
  const bytes = contentBytes(pdf, node.get(PDFName.of('Contents')));
  let ctm: Matrix = IDENTITY;
  let state = new Map<string, string>();
  let font = { id: 'none', simple: true, size: 0 };
  const saved: { ctm: Matrix; state: Map<string, string>; font: typeof font }[] = [];
  let tm: Matrix = IDENTITY;
  let tlm: Matrix = IDENTITY;
  let shown = 0;
  const fonts = new Map<string, { id: string; simple: boolean }>();
  const marked: string[] = [];
  const look = () =>
    [...[...state].map(([op, v]) => `${op}(${v})`), ...marked.map((m) => `in(${m})`)].join(' ');
  const show = (strings: Operand[]) => {
    const parts = strings.map((o) => (o.kind === 'string' ? hexOf(o.bytes) : operandText(o)));
    const bytes = strings.flatMap((o) => (o.kind === 'string' ? o.bytes : []));
    marks.push({
      key: `text ${font.id} ${font.size} [${fmt(mul(tm, ctm))}] #${shown++} ${look()} ${parts.join(',')}`,
      text: font.simple ? String.fromCharCode(...bytes) : `<glyphs ${hexOf(bytes)}>`,
    });
  };
  const nextLine = () => {
    const leading = Number(state.get('TL') ?? 0);
    tlm = mul([1, 0, 0, 1, 0, -leading], tlm);
    tm = tlm;
  };
  for (const { operator: op, operands } of readOperations(bytes)) {
    const nums = operands.map((o) => (o.kind === 'number' ? o.value : 0));
    if (op === 'q') saved.push({ ctm, state: new Map(state), font });
    else if (op === 'Q') ({ ctm, state, font } = saved.pop() ?? { ctm, state, font });
    else if (op === 'cm') ctm = mul(nums as Matrix, ctm);
    else if (op === 'BT') {
      tm = tlm = IDENTITY;
      shown = 0;
    } else if (op === 'Tm') tm = tlm = nums as Matrix;
    else if (op === 'Td' || op === 'TD') {
      if (op === 'TD') state.set('TL', String(-nums[1]!));
      tlm = mul([1, 0, 0, 1, nums[0]!, nums[1]!], tlm);
      tm = tlm;
    } else if (op === 'T*') nextLine();
    else if (op === 'Tf') {
      const name = operands[0]?.kind === 'name' ? operands[0].value : '';
      if (!fonts.has(name)) fonts.set(name, fontIdentity(resources, name));
      font = { ...fonts.get(name)!, size: nums[1]! };
    } else if (op === 'Tj') show(operands);
    else if (op === 'TJ') show(operands[0]?.kind === 'array' ? operands[0].items : []);
    else if (op === "'" || op === '"') {
      nextLine();
      show(operands.slice(-1));
    } else if (op === 'Do') {
      const name = operands[0]?.kind === 'name' ? operands[0].value : '';
      const id = xObjectIdentity(resources, name);
      marks.push({ key: `draw ${id} [${fmt(ctm)}] ${look()}`, text: `a drawn ${id}` });
    } else if (PAINT_OPS.has(op)) marks.push({ key: `paint ${op} [${fmt(ctm)}]`, text: 'a shape' });
    else if (op === 'BI' || op === 'ID') marks.push({ key: 'inline image', text: 'an image' });
    else if (op === 'BMC' || op === 'BDC') marked.push(operands.map(operandText).join(' '));
    else if (op === 'EMC') marked.pop();
    else if (STATE_OPS.has(op)) state.set(op, operands.map(operandText).join(' '));
  }
  return marks;
}

function arrayOf(pdf: PDFDocument, value: PDFObject | undefined): PDFObject[] {
  const resolved = value instanceof PDFRef ? pdf.context.lookup(value) : value;
  return resolved instanceof PDFArray ? resolved.asArray() : resolved ? [resolved] : [];
}

function streamBytes(stream: PDFObject | undefined): Uint8Array {
  if (stream instanceof PDFRawStream) return decodePDFRawStream(stream).decode();
  if (stream instanceof PDFStream) return stream.getContents();
  return new Uint8Array();
}

function contentBytes(pdf: PDFDocument, contents: PDFObject | undefined): Uint8Array {
  const parts = arrayOf(pdf, contents).map((s) =>
    streamBytes(s instanceof PDFRef ? pdf.context.lookup(s) : s),
  );
  // Streams of one page are one content stream, each separated by white space (§7.8.2).
  return Buffer.concat(parts.flatMap((p) => [p, Buffer.from('\n')]));
}

const hexOf = (bytes: number[]) => Buffer.from(bytes).toString('hex');
const operandText = (o: Operand): string =>
  o.kind === 'number'
    ? String(o.value)
    : o.kind === 'name'
      ? `/${o.value}`
      : o.kind === 'string'
        ? `<${hexOf(o.bytes)}>`
        : o.kind === 'array'
          ? `[${o.items.map(operandText).join(' ')}]`
          : o.text;
