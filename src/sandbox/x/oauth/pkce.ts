import { createHash, timingSafeEqual } from 'node:crypto';

const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;

/** RFC 7636: S256 = BASE64URL(SHA256(ASCII(verifier))) without padding; plain = the verifier. */
export function verifyPkce(method: string, challenge: string, verifier: string): boolean {
  if (!VERIFIER.test(verifier)) return false;
  const expected =
    method === 'S256'
      ? createHash('sha256').update(verifier, 'ascii').digest('base64url')
      : verifier;
  const a = Buffer.from(expected);
  const b = Buffer.from(challenge);
  return a.length === b.length && timingSafeEqual(a, b);
}
