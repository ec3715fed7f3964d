import { describe, expect, it } from 'vitest';
import { isLoopbackHost, isOurOrigin } from './our-origins.ts';

const PUBLIC = 'https://sandbox.example.org';

describe('isOurOrigin', () => {
  it('accepts the configured public URL and a loopback origin the request came to', () => {
    expect(isOurOrigin(PUBLIC, 'http://10.0.0.5:3000/x', PUBLIC)).toBe(true);
    expect(isOurOrigin('http://127.0.0.1:3000', 'http://127.0.0.1:3000/x', PUBLIC)).toBe(true);
    expect(isOurOrigin('http://localhost:3000', 'http://localhost:3000/x', PUBLIC)).toBe(true);
    expect(isOurOrigin('http://[::1]:3000', 'http://[::1]:3000/x', PUBLIC)).toBe(true);
  });

  it('refuses an origin that only matches the Host header it came with (DNS rebinding)', () => {
    const evil = 'http://rebind.evil.example';
    expect(isOurOrigin(evil, `${evil}/sandbox/x/_admin/posts`, PUBLIC)).toBe(false);
    expect(isOurOrigin('http://127.0.0.1:3001', 'http://127.0.0.1:3000/x', PUBLIC)).toBe(false);
  });
});

describe('isLoopbackHost', () => {
  it.each(['localhost', 'app.localhost', '127.0.0.1', '127.1.2.3', '[::1]', 'LOCALHOST.'])(
    '%s is loopback',
    (h) => expect(isLoopbackHost(h)).toBe(true),
  );
  it.each(['rebind.evil.example', 'localhost.evil.example', '127.0.0.1.evil.example', '10.0.0.1'])(
    '%s is not',
    (h) => expect(isLoopbackHost(h)).toBe(false),
  );
});
