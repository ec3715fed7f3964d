import { createHash, randomBytes } from 'node:crypto';

/** RFC 7636 verifier: 32 random bytes, base64url without padding (43 characters). */
export function createCodeVerifier(): string {
  return randomBytes(32).toString('base64url');
}

/** S256 challenge: BASE64URL-NOPAD(SHA256(ASCII(verifier))). */
export function s256CodeChallenge(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

/** OAuth `state`: 32 random bytes, base64url. */
export function createOAuthState(): string {
  return randomBytes(32).toString('base64url');
}
