import { describe, expect, it } from 'vitest';
import { parseMentions } from './mention-parser.ts';

describe('parseMentions', () => {
  it('finds handles with code-point offsets', () => {
    expect(parseMentions('hi @alice and @Bob_2!')).toEqual([
      { start: 3, end: 9, username: 'alice' },
      { start: 14, end: 20, username: 'Bob_2' },
    ]);
  });

  it('counts an emoji as one position', () => {
    expect(parseMentions('🚀 @agent')).toEqual([{ start: 2, end: 8, username: 'agent' }]);
  });

  it('ignores e-mail addresses, double @ and handles longer than 15 characters', () => {
    expect(parseMentions('mail me@example.com')).toEqual([]);
    expect(parseMentions('@@alice')).toEqual([]);
    expect(parseMentions('@abcdefghijklmnop')).toEqual([]);
    expect(parseMentions('@')).toEqual([]);
  });

  it('accepts a mention at the start and right after punctuation', () => {
    expect(parseMentions('@a,(@b)').map((m) => m.username)).toEqual(['a', 'b']);
  });
});
