import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseJsonKeepingIntegers, quoteUnsafeIntegers, stringifyWithBigInts } from './json.ts';
import { signedTransactionSchema } from './schemas.ts';
import { signedTransactionToJson } from './transaction-wire.ts';

describe('integer-exact JSON', () => {
  it('keeps integers above 2^53 exact and leaves strings and floats alone', () => {
    const text =
      '{"balance": 99318100600000001, "n": 5, "f": 1.5e3, "s": "12345678901234567890", "neg": -9223372036854775808}';
    expect(parseJsonKeepingIntegers(text)).toEqual({
      balance: '99318100600000001',
      n: 5,
      f: 1500,
      s: '12345678901234567890',
      neg: '-9223372036854775808',
    });
    expect(quoteUnsafeIntegers('["a\\"9007199254740993", 9007199254740993]')).toBe(
      '["a\\"9007199254740993", "9007199254740993"]',
    );
  });

  it('round-trips any int64 through stringifyWithBigInts and the int64 schema', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 63n - 1n }), (n) => {
        const text = stringifyWithBigInts({ balance: n, label: 'x' });
        expect(text).toBe(`{"balance":${n},"label":"x"}`);
        const back = parseJsonKeepingIntegers(text) as { balance: number | string };
        expect(BigInt(back.balance)).toBe(n);
      }),
    );
  });

  it('writes a signed transaction as a node expects: numbers, salt as a string', () => {
    const signed = {
      value: {
        source: 'DAG77zerQ2BUVhtVgkmseihkEfLXieBBm57vqA4J',
        destination: 'DAG2fMnbEmsWhgYGhvdREVELyESKUqGNTEWf4B61',
        amount: 99318100600000001n,
        fee: 0n,
        parent: { ordinal: 4n, hash: 'a'.repeat(64) },
        salt: 8792229999094409n,
      },
      proofs: [{ id: 'b'.repeat(128), signature: '3045' }],
    };
    const json = signedTransactionToJson(signed);
    expect(json).toContain('"amount":99318100600000001,"fee":0,"parent":{"ordinal":4,');
    expect(json).toContain('"salt":"8792229999094409"');
    expect(signedTransactionSchema.parse(parseJsonKeepingIntegers(json))).toEqual(signed);
  });
});
