/**
 * The part of X's search query language the local X understands (docs: search/integrate/
 * build-a-query, operators): terms joined by spaces (AND), each optionally negated with `-`:
 * keywords, `$cashtag`, `@mention`, `from:handle`, `conversation_id:<id>`, and the
 * conjunction-required `is:retweet|reply|quote`. `OR`, groups and quoted phrases are refused
 * with a 400 naming the local X, never silently misread.
 */
export type Term =
  | { kind: 'keyword'; value: string }
  | { kind: 'cashtag'; value: string }
  | { kind: 'mention'; value: string }
  | { kind: 'from'; value: string }
  | { kind: 'conversation'; value: bigint }
  | { kind: 'is'; value: 'retweet' | 'reply' | 'quote' };

export interface QueryClause {
  negated: boolean;
  term: Term;
}

export const MAX_QUERY_LENGTH = 512;

export function parseSearchQuery(query: string): { clauses: QueryClause[] } | { error: string } {
  if (query.length > MAX_QUERY_LENGTH)
    return { error: `Query is too long: at most ${MAX_QUERY_LENGTH} characters` };
  const clauses: QueryClause[] = [];
  const words = query.trim().split(/\s+/).filter(Boolean);
  for (const [i, word] of words.entries()) {
    const negated = word.startsWith('-') && word.length > 1;
    const body = negated ? word.slice(1) : word;
    const term = readTerm(body);
    if (!term)
      return {
        error: `The local X does not understand '${word}' (at position ${i + 1}): it knows keywords, $cashtag, @mention, from:, conversation_id:, is:retweet|reply|quote and -negation`,
      };
    clauses.push({ negated, term });
  }
  if (!clauses.some((c) => !c.negated))
    return {
      error:
        'There were errors processing your request: Rules must contain a non-negation term (at position 1)',
    };
  if (!clauses.some((c) => !c.negated && c.term.kind !== 'is'))
    return {
      error:
        'There were errors processing your request: Rules must contain at least one positive, non-stopword clause (at position 1)',
    };
  return { clauses };
}

function readTerm(word: string): Term | null {
  let m = /^\$([A-Za-z][A-Za-z0-9_]{0,14})$/.exec(word);
  if (m) return { kind: 'cashtag', value: m[1]!.toLowerCase() };
  m = /^@([A-Za-z0-9_]{1,15})$/.exec(word);
  if (m) return { kind: 'mention', value: m[1]!.toLowerCase() };
  m = /^from:@?([A-Za-z0-9_]{1,15})$/i.exec(word);
  if (m) return { kind: 'from', value: m[1]!.toLowerCase() };
  m = /^conversation_id:(\d{1,19})$/i.exec(word);
  if (m) return { kind: 'conversation', value: BigInt(m[1]!) };
  m = /^is:(retweet|reply|quote)$/i.exec(word);
  if (m) return { kind: 'is', value: m[1]!.toLowerCase() as 'retweet' | 'reply' | 'quote' };
  if (word === 'OR' || /["()]/.test(word) || word.includes(':')) return null;
  if (/^[\p{L}\p{N}_'#-]+$/u.test(word)) return { kind: 'keyword', value: word.toLowerCase() };
  return null;
}

/** What a post offers to the matcher (the author's handle, lower case). */
export interface Searchable {
  text: string;
  authorUsername: string;
  conversationId: bigint;
  isReply: boolean;
  isQuote: boolean;
}

const SIGILED = {
  $: /(?:^|[^\p{L}\p{N}_$])\$([\p{L}\p{N}_]+)/gu,
  '@': /(?:^|[^\p{L}\p{N}_@])@(\w+)/gu,
};
const tokens = (text: string, sigil: '$' | '@') =>
  new Set([...text.matchAll(SIGILED[sigil])].map((m) => m[1]!.toLowerCase()));

export function matchesQuery(clauses: QueryClause[], post: Searchable): boolean {
  const cashtags = tokens(post.text, '$');
  const mentions = tokens(post.text, '@');
  const words = new Set(
    post.text
      .toLowerCase()
      .split(/[^\p{L}\p{N}_'#-]+/u)
      .filter(Boolean),
  );
  const holds = (t: Term): boolean => {
    switch (t.kind) {
      case 'keyword':
        return words.has(t.value);
      case 'cashtag':
        return cashtags.has(t.value);
      case 'mention':
        return mentions.has(t.value);
      case 'from':
        return post.authorUsername.toLowerCase() === t.value;
      case 'conversation':
        return post.conversationId === t.value;
      case 'is':
        // The local X keeps reposts as engagements, never as posts: nothing is a retweet.
        return t.value === 'reply' ? post.isReply : t.value === 'quote' ? post.isQuote : false;
    }
  };
  return clauses.every((c) => holds(c.term) !== c.negated);
}
