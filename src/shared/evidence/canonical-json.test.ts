import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json.ts';
import { contentHashOf, type PostRecord } from './post-record.ts';

describe('canonicalJson (RFC 8785)', () => {
  it('sorts keys by UTF-16 code units and removes whitespace', () => {
    // RFC 8785 §3.2.3 sorting example: code-unit order, not locale order.
    const input = {
      '\u20ac': 'Euro',
      '\r': 'CR',
      '1': 'One',
      '\ud83d\ude00': 'smiley',
      '\u00f6': 'o',
    };
    expect(canonicalJson(input)).toBe(
      '{"\\r":"CR","1":"One","\u00f6":"o","\u20ac":"Euro","\ud83d\ude00":"smiley"}',
    );
  });

  it('serializes numbers in ECMAScript shortest form (RFC 8785 appendix B)', () => {
    expect(canonicalJson([1e21, 1e-7, 0.000001, -0, 333333333.3333333, 4.5, 2e-3])).toBe(
      '[1e+21,1e-7,0.000001,0,333333333.3333333,4.5,0.002]',
    );
    expect(() => canonicalJson(Number.NaN)).toThrow();
  });

  it('escapes strings minimally and drops undefined members', () => {
    expect(canonicalJson({ b: undefined, a: 'x\u0001"\\\u2028/' })).toBe(
      '{"a":"x\\u0001\\"\\\\\u2028/"}',
    );
  });

  it('gives the same bytes and content hash whatever the field order', () => {
    const record: PostRecord = {
      version: 1,
      platform: 'x',
      tweetId: '1790000000000000001',
      author: { id: '42', username: 'alice' },
      createdAt: '2026-11-23T10:00:00.000Z',
      text: 'gm <b>world</b>',
      media: [],
      entities: { mentions: [], hashtags: ['gm'], urls: [] },
    };
    const shuffled = JSON.parse(
      '{"text":"gm <b>world</b>","entities":{"urls":[],"hashtags":["gm"],"mentions":[]},"media":[],' +
        '"createdAt":"2026-11-23T10:00:00.000Z","author":{"username":"alice","id":"42"},' +
        '"tweetId":"1790000000000000001","platform":"x","version":1}',
    );
    expect(canonicalJson(shuffled)).toBe(canonicalJson(record));
    expect(contentHashOf(shuffled)).toBe(contentHashOf(record));
    expect(contentHashOf({ ...record, text: 'gm world' })).not.toBe(contentHashOf(record));
  });
});
