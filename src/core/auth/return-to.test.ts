import { describe, expect, it } from 'vitest';
import { safeReturnTo } from './return-to.ts';

describe('safeReturnTo', () => {
  it('keeps a path on this site with its query', () => {
    expect(safeReturnTo('/dashboard')).toBe('/dashboard');
    expect(safeReturnTo('/polymarket?tab=orders#x')).toBe('/polymarket?tab=orders#x');
  });

  it.each([
    'https://evil.com',
    '//evil.com',
    '/\\evil.com',
    '/\t/evil.com',
    '/%0a/evil.com'.replace('%0a', '\n'),
    'javascript:alert(1)',
    'evil.com',
    '',
    undefined,
    null,
  ])('turns %j into /', (value) => {
    expect(safeReturnTo(value)).toBe('/');
  });
});

describe('safeReturnTo validates what it returns', () => {
  it.each([
    '/.//evil.com/steal',
    '/..//evil.com',
    '/%2e//evil.com',
    '/%2E%2E//evil.com',
    '/a/..//evil.com',
    '/././/evil.com',
    '/.%2f/evil.com',
    '/%2f/evil.com',
    '/%5c/evil.com',
    '/.%5c/evil.com',
  ])('%j never becomes a redirect to another host', (value) => {
    const result = safeReturnTo(value);
    expect(result.startsWith('/')).toBe(true);
    expect(result.startsWith('//')).toBe(false);
    expect(result.startsWith('/\\')).toBe(false);
    expect(new URL(result, 'http://same.invalid').origin).toBe('http://same.invalid');
  });
});
