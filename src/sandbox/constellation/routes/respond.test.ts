import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import {
  parseJsonKeepingIntegers,
  stringifyWithBigInts,
} from '@/integrations/constellation/json.ts';
import { RawJson } from '../raw-json.ts';
import { bigJson } from './respond.ts';

const answer = async (value: unknown) =>
  (await new Hono().get('/', (c) => bigJson(c, value)).request('/')).text();

// What the explorer wrote before RawJson: the stored text parsed, then written again.
const before = (value: (raw: unknown) => unknown, stored: string) =>
  stringifyWithBigInts(value(parseJsonKeepingIntegers(stored)));

describe('bigJson with stored JSON (RawJson)', () => {
  const stored = [
    '{"value":{"source":"DAGa","destination":"DAGb","amount":100000000,"fee":0,"parent":{"ordinal":3,"hash":"00ff"},"salt":"9007199254740991"},"proofs":[{"id":"ab","signature":"cd"}]}',
    // Unsafe integers: quoted by the parse, so quoted now too.
    '{"value":{"amount":99318100600000000,"fee":12345678901234567,"parent":{"ordinal":-9007199254740993}},"proofs":[]}',
    '[1234567890123456,9007199254740992,[9999999999999999999]]',
  ];
  it('writes exactly what parsing and stringifying wrote', async () => {
    for (const text of stored) {
      const shape = (raw: unknown) => ({ data: [{ amount: 5n, transactionOriginal: raw }] });
      expect(await answer(shape(new RawJson(text)))).toBe(before(shape, text));
    }
  });
});
