import { describe, expect, it } from 'vitest';
import { tessellationJsonText } from './tessellation-json.ts';

describe('tessellationJsonText', () => {
  it('sorts keys at every depth, drops null fields and keeps nulls inside arrays', () => {
    const text = '{ "b": 1, "a": { "z": null, "y": [null, {"d": 2, "c": 3}] }, "n": null }';
    expect(tessellationJsonText(text)).toBe('{"a":{"y":[null,{"c":3,"d":2}]},"b":1}');
  });

  it('keeps 64-bit numbers and string escapes exactly as the node printed them', () => {
    const text = '{"balance": 9223372036854775807, "fee": 1.50, "memo": "a\\u00e9\\/b"}';
    expect(tessellationJsonText(text)).toBe(
      '{"balance":9223372036854775807,"fee":1.50,"memo":"a\\u00e9\\/b"}',
    );
  });

  it('orders keys by UTF-16 code units, as Scala strings compare', () => {
    expect(tessellationJsonText('{"b":0,"B":0,"é":0,"a":0}')).toBe('{"B":0,"a":0,"b":0,"é":0}');
  });

  it('reads the part of the answer that is hashed', () => {
    const answer = '{"value":{"ordinal":7,"hash":null},"proofs":[]}';
    expect(tessellationJsonText(answer, ['value'])).toBe('{"ordinal":7}');
    expect(() => tessellationJsonText(answer, ['missing'])).toThrow(SyntaxError);
  });

  it('refuses text that is not JSON', () => {
    for (const bad of ['{"a":1,}', '{"a" 1}', '[1 2]', '{"a":1} x', "{'a':1}"]) {
      expect(() => tessellationJsonText(bad)).toThrow(SyntaxError);
    }
  });
});
