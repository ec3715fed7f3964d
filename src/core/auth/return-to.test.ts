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
