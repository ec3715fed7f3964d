import { createHash, randomBytes } from 'node:crypto';

/** A bearer secret for a cookie: 32 random bytes, base64url. */
export function createOpaqueId(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database stores instead of the secret itself. */
export function hashOpaqueId(id: string): string {
  return createHash('sha256').update(id).digest('hex');
}
