import { describe, expect, it } from 'vitest';
import { appendVary } from './vary.ts';

describe('appendVary', () => {
  it('keeps the fields already there and adds each new one once', () => {
    const headers = new Headers({ Vary: 'Accept-Encoding' });
    appendVary(headers, 'Cookie', 'accept-encoding');
    appendVary(headers, 'cookie');
    expect(headers.get('vary')).toBe('Accept-Encoding, Cookie');
  });

  it('sets the header when there was none, and leaves `*` alone', () => {
    const none = new Headers();
    appendVary(none, 'Cookie');
    expect(none.get('vary')).toBe('Cookie');
    const all = new Headers({ Vary: '*' });
    appendVary(all, 'Cookie');
    expect(all.get('vary')).toBe('*');
  });
});
