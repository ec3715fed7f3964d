import { describe, expect, it } from 'vitest';
import { readOperations } from './pdf-content-tokens.ts';

const read = (text: string) => readOperations(Buffer.from(text, 'latin1'));
const stringOf = (o: { kind: string; bytes?: number[] } | undefined) =>
  Buffer.from(o?.bytes ?? []).toString('latin1');

describe('a content stream read as operations', () => {
  it('reads literal strings with nesting and escapes, hex strings and TJ arrays', () => {
    const ops = read(
      'BT /F1#2D1 12 Tf (a\\(b\\) (c) \\101\\n) Tj <48 65 6C6C6F> Tj [(W) -120 (orld)] TJ ET',
    );
    expect(ops.map((o) => o.operator)).toEqual(['BT', 'Tf', 'Tj', 'Tj', 'TJ', 'ET']);
    expect(ops[1]!.operands[0]).toEqual({ kind: 'name', value: 'F1-1' });
    expect(stringOf(ops[2]!.operands[0] as never)).toBe('a(b) (c) A\n');
    expect(stringOf(ops[3]!.operands[0] as never)).toBe('Hello');
    const array = ops[4]!.operands[0] as { kind: 'array'; items: unknown[] };
    expect(array.items).toHaveLength(3);
  });

  it('skips inline image data, so bytes inside it are never read as text', () => {
    const ops = read('BI /W 1 /H 1 ID (fake) Tj BT EI\nBT (real) Tj ET');
    expect(ops.map((o) => o.operator)).toEqual(['BI', 'ID', 'BT', 'Tj', 'ET']);
    expect(stringOf(ops[3]!.operands[0] as never)).toBe('real');
  });

  it('keeps a dictionary operand of marked content whole', () => {
    const ops = read('/OC << /Type /OCMD /OCGs [1 0 R] >> BDC EMC');
    expect(ops[0]).toMatchObject({
      operator: 'BDC',
      operands: [{ kind: 'name' }, { kind: 'dict' }],
    });
  });
});
