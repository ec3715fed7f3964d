import { describe, expect, it } from 'vitest';
import { faultMatches, pathUnder } from './match.ts';

describe('faultMatches', () => {
  it('matches an exact path only, ignoring nothing else', () => {
    expect(faultMatches('/2/users/me', '/2/users/me')).toBe(true);
    expect(faultMatches('/2/users/me', '/2/users/me/x')).toBe(false);
    expect(faultMatches('/2/tweets', '/2/tweets/123')).toBe(false);
  });

  it('treats * as any run of characters (prefixes and segments)', () => {
    expect(faultMatches('/2/*', '/2/tweets/123')).toBe(true);
    expect(faultMatches('/2/users/*/mentions', '/2/users/42/mentions')).toBe(true);
    expect(faultMatches('/2/users/*/mentions', '/2/users/42/tweets')).toBe(false);
  });

  it('does not read other characters as regular-expression syntax', () => {
    expect(faultMatches('/2/tweets.json', '/2/tweetsXjson')).toBe(false);
    expect(faultMatches('/2/(a|b)', '/2/a')).toBe(false);
  });
});

describe('pathUnder', () => {
  it('takes a path with or without the twin mount, and leaves * alone', () => {
    expect(pathUnder('/sandbox/x', '/sandbox/x/2/tweets')).toBe('/2/tweets');
    expect(pathUnder('/sandbox/x', '/2/tweets')).toBe('/2/tweets');
    expect(pathUnder('/sandbox/x', '2/tweets')).toBe('/2/tweets');
    expect(pathUnder('/sandbox/llm', '*')).toBe('*');
    expect(faultMatches('*', '/v1/messages')).toBe(true);
  });
});
