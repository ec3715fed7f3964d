import { describe, expect, it } from 'vitest';
import { matchesQuery, parseSearchQuery, type QueryClause } from './search-query.ts';

const post = (text: string, extra: Partial<{ isReply: boolean; author: string }> = {}) => ({
  text,
  authorUsername: extra.author ?? 'alice',
  conversationId: 7n,
  isReply: extra.isReply ?? false,
  isQuote: false,
});
const clauses = (q: string) => (parseSearchQuery(q) as { clauses: QueryClause[] }).clauses;

describe('local X search query', () => {
  it('matches a cashtag as a token, case-insensitively, not inside other cashtags or words', () => {
    const q = clauses('$UP -is:retweet');
    expect(matchesQuery(q, post('Buying more $up today'))).toBe(true);
    expect(matchesQuery(q, post('$UP.'))).toBe(true);
    expect(matchesQuery(q, post('$UPX is another coin'))).toBe(false);
    expect(matchesQuery(q, post('UP only, no cashtag'))).toBe(false);
    expect(matchesQuery(q, post('pay me5$UP'))).toBe(false);
  });

  it('combines terms with AND and honours negation', () => {
    const q = clauses('$UP -@upsideragent -is:reply from:alice');
    expect(matchesQuery(q, post('$UP rocks'))).toBe(true);
    expect(matchesQuery(q, post('$UP rocks @UpsiderAgent'))).toBe(false);
    expect(matchesQuery(q, post('$UP rocks', { isReply: true }))).toBe(false);
    expect(matchesQuery(q, post('$UP rocks', { author: 'bob' }))).toBe(false);
  });

  it('refuses what it does not understand and queries with no positive term, as 400s', () => {
    expect(parseSearchQuery('$UP OR $DAG')).toHaveProperty('error');
    expect(parseSearchQuery('"exact phrase"')).toHaveProperty('error');
    expect(parseSearchQuery('-is:retweet')).toHaveProperty('error');
    expect(parseSearchQuery('is:reply')).toHaveProperty('error');
    expect(parseSearchQuery(`$UP ${'a'.repeat(600)}`)).toHaveProperty('error');
    expect(parseSearchQuery('conversation_id:123')).toHaveProperty('clauses');
  });
});
