import { describe, expect, it } from 'vitest';
import { verifyPkce } from './pkce.ts';

// RFC 7636 Appendix B test vector.
const verifier = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
const challenge = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

describe('verifyPkce', () => {
  it('accepts the RFC 7636 S256 example', () => {
    expect(verifyPkce('S256', challenge, verifier)).toBe(true);
  });
  it('rejects another verifier, and the challenge used as a plain verifier under S256', () => {
    expect(verifyPkce('S256', challenge, `${verifier.slice(0, -1)}A`)).toBe(false);
    expect(verifyPkce('S256', challenge, challenge)).toBe(false);
  });
  it('compares plain challenges directly and enforces the verifier alphabet', () => {
    expect(verifyPkce('plain', verifier, verifier)).toBe(true);
    expect(verifyPkce('plain', 'short', 'short')).toBe(false);
  });
});
