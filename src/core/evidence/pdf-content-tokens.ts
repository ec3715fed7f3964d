/**
 * A PDF content stream (ISO 32000-1 §7.8.2) as operands and operators: enough of the syntax to
 * read every drawing operator of a page, our certificates' and whatever else a file adds. Strings
 * stay bytes (their font decides what they draw); arrays and dictionaries are operands.
 */
export type Operand =
  | { kind: 'number'; value: number }
  | { kind: 'name'; value: string }
  | { kind: 'string'; bytes: number[] }
  | { kind: 'array'; items: Operand[] }
  | { kind: 'dict'; text: string }
  | { kind: 'other'; text: string };
export interface Operation {
  operator: string;
  operands: Operand[];
}

const WHITE = new Set([0, 9, 10, 12, 13, 32]);
const DELIM = new Set([...'()<>[]{}/%'].map((c) => c.charCodeAt(0)));
const isRegular = (b: number | undefined) => b !== undefined && !WHITE.has(b) && !DELIM.has(b);

export function readOperations(bytes: Uint8Array): Operation[] {
  const ops: Operation[] = [];
  let i = 0;
  const stack: Operand[][] = [[]];
  const word = () => {
    const start = i;
    while (isRegular(bytes[i])) i++;
    return String.fromCharCode(...bytes.subarray(start, i));
  };
  while (i < bytes.length) {
    const b = bytes[i]!;
    const top = stack[stack.length - 1]!;
    if (WHITE.has(b)) i++;
    else if (b === 0x25) while (i < bytes.length && bytes[i] !== 10 && bytes[i] !== 13) i++;
    else if (b === 0x2f) {
      i++;
      top.push({ kind: 'name', value: word().replace(/#([0-9a-f]{2})/gi, hexChar) });
    } else if (b === 0x28) top.push({ kind: 'string', bytes: literal() });
    else if (b === 0x3c && bytes[i + 1] === 0x3c) top.push({ kind: 'dict', text: dict() });
    else if (b === 0x3c) top.push({ kind: 'string', bytes: hex() });
    else if (b === 0x5b) {
      i++;
      stack.push([]);
    } else if (b === 0x5d) {
      i++;
      const items = stack.length > 1 ? stack.pop()! : [];
      stack[stack.length - 1]!.push({ kind: 'array', items });
    } else if (!isRegular(b)) {
      top.push({ kind: 'other', text: String.fromCharCode(b) });
      i++;
    } else {
      const text = word();
      const value = Number(text);
      if (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(text)) top.push({ kind: 'number', value });
      else if (stack.length > 1 || text === 'true' || text === 'false' || text === 'null')
        top.push({ kind: 'other', text });
      else {
        ops.push({ operator: text, operands: stack[0]!.splice(0) });
        if (text === 'ID') skipInlineImage();
      }
    }
  }
  return ops;

  function literal(): number[] {
    const out: number[] = [];
    let depth = 0;
    i++;
    while (i < bytes.length) {
      const c = bytes[i++]!;
      if (c === 0x29 && depth === 0) break;
      if (c === 0x28) depth++;
      if (c === 0x29) depth--;
      if (c !== 0x5c) {
        out.push(c);
        continue;
      }
      const e = bytes[i++]!;
      const simple: Record<number, number> = { 110: 10, 114: 13, 116: 9, 98: 8, 102: 12 };
      if (e >= 0x30 && e <= 0x37) {
        let oct = String.fromCharCode(e);
        while (oct.length < 3 && bytes[i]! >= 0x30 && bytes[i]! <= 0x37)
          oct += String.fromCharCode(bytes[i++]!);
        out.push(Number.parseInt(oct, 8) & 0xff);
      } else if (e === 10 || e === 13) {
        if (e === 13 && bytes[i] === 10) i++;
      } else out.push(simple[e] ?? e);
    }
    return out;
  }
  function hex(): number[] {
    const end = bytes.indexOf(0x3e, i);
    const stop = end < 0 ? bytes.length : end;
    let digits = String.fromCharCode(...bytes.subarray(i + 1, stop)).replace(/[^0-9a-f]/gi, '');
    i = stop + 1;
    if (digits.length % 2) digits += '0';
    return (digits.match(/../g) ?? []).map((h) => Number.parseInt(h, 16));
  }
  function dict(): string {
    const start = i;
    let depth = 0;
    while (i < bytes.length) {
      if (bytes[i] === 0x3c && bytes[i + 1] === 0x3c) {
        depth++;
        i += 2;
      } else if (bytes[i] === 0x3e && bytes[i + 1] === 0x3e) {
        depth--;
        i += 2;
        if (depth === 0) break;
      } else i++;
    }
    return String.fromCharCode(...bytes.subarray(start, i));
  }
  /** Inline image data runs to the first "EI" between white space; it is never read as operators. */
  function skipInlineImage() {
    i++;
    while (i < bytes.length) {
      if (bytes[i] === 0x45 && bytes[i + 1] === 0x49 && WHITE.has(bytes[i - 1]!)) {
        if (i + 2 >= bytes.length || WHITE.has(bytes[i + 2]!)) {
          i += 2;
          return;
        }
      }
      i++;
    }
  }
}

const hexChar = (_: string, h: string) => String.fromCharCode(Number.parseInt(h, 16));
