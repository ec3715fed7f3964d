import { describe, expect, it } from 'vitest';
import { parseTweetCreate, weightedLength } from './tweet-body.ts';

describe('parseTweetCreate', () => {
  it('accepts text with a reply and a quote', () => {
    expect(
      parseTweetCreate({ text: 'hi', reply: { in_reply_to_tweet_id: '12' }, quote_tweet_id: '34' }),
    ).toEqual({
      value: { text: 'hi', inReplyToId: 12n, quotedId: 34n },
      errors: [],
    });
  });

  it('names every problem: unknown fields, bad ids, missing text', () => {
    const { value, errors } = parseTweetCreate({ colour: 1, reply: {}, quote_tweet_id: 'abc' });
    expect(value).toBeUndefined();
    expect(errors.map((e) => e.message)).toEqual([
      '$.colour: is not defined in the schema and the schema does not allow additional properties',
      '$.reply.in_reply_to_tweet_id: is missing but it is required',
      '$.quote_tweet_id: does not match the regex pattern ^[0-9]{1,19}$',
      'Post text is empty. Posts must contain text, media or a poll.',
    ]);
  });

  it('refuses text over 280 weighted characters and non-objects', () => {
    expect(parseTweetCreate({ text: 'a'.repeat(280) }).errors).toEqual([]);
    expect(parseTweetCreate({ text: 'a'.repeat(281) }).errors).toHaveLength(1);
    expect(parseTweetCreate([]).errors).toHaveLength(1);
  });
});

describe('weightedLength', () => {
  it('counts URLs as 23 and CJK characters as 2', () => {
    expect(weightedLength('see https://example.com/a/very/long/path/indeed')).toBe(4 + 23);
    expect(weightedLength('日本')).toBe(4);
    expect(weightedLength('café')).toBe(4);
  });
});
