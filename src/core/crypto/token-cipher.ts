import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';

/** One key of a ring; `id` is stored with every ciphertext so old keys keep decrypting after rotation. */
export interface KeyPair {
  id: string;
  /** AES-256 key, 32 bytes. */
  enc: Buffer;
  /** HMAC-SHA256 key, 32 bytes, independent of `enc`. */
  mac: Buffer;
}

export interface KeyRing {
  current: KeyPair;
  byId: Map<string, KeyPair>;
}

export class TokenIntegrityError extends Error {
  constructor(reason: string) {
    super(`Stored token failed its integrity check: ${reason}`);
    this.name = 'TokenIntegrityError';
  }
}

const VERSION = 'v1';

/** Length-prefixed concatenation, so (keyId, iv, ct, aad) boundaries cannot be shifted. */
function macInput(parts: Buffer[]): Buffer {
  return Buffer.concat(
    parts.flatMap((p) => {
      const len = Buffer.alloc(4);
      len.writeUInt32BE(p.length);
      return [len, p];
    }),
  );
}

function tag(key: KeyPair, iv: Buffer, ct: Buffer, aad: string) {
  const input = macInput([Buffer.from(key.id), iv, ct, Buffer.from(aad)]);
  return createHmac('sha256', key.mac).update(input).digest();
}

/**
 * AES-256-CBC with a random IV per record, then HMAC-SHA256 over keyId‖iv‖ciphertext‖aad
 * (encrypt-then-MAC). `aad` names the row and column the value belongs to, so a ciphertext
 * copied into another user's row fails the check. Format: v1.keyId.iv.ciphertext.tag (base64url).
 */
export function createTokenCipher(ring: KeyRing) {
  return {
    currentKeyId: ring.current.id,

    seal(plaintext: string, aad: string): string {
      const key = ring.current;
      const iv = randomBytes(16);
      const cipher = createCipheriv('aes-256-cbc', key.enc, iv);
      const ct = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const t = tag(key, iv, ct, aad);
      return [VERSION, key.id, iv, ct, t]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },

    /** Verifies the tag in constant time before any decryption; throws TokenIntegrityError. */
    open(sealed: string, aad: string): string {
      const parts = sealed.split('.');
      if (parts.length !== 5 || parts[0] !== VERSION) throw new TokenIntegrityError('bad format');
      const [, keyId, ivB64, ctB64, tagB64] = parts as [string, string, string, string, string];
      const key = ring.byId.get(keyId);
      if (!key) throw new TokenIntegrityError(`unknown key id ${keyId}`);
      const iv = Buffer.from(ivB64, 'base64url');
      const ct = Buffer.from(ctB64, 'base64url');
      const given = Buffer.from(tagB64, 'base64url');
      const expected = tag(key, iv, ct, aad);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw new TokenIntegrityError('tag mismatch');
      }
      try {
        const decipher = createDecipheriv('aes-256-cbc', key.enc, iv);
        return Buffer.concat([decipher.update(ct), decipher.final()]).toString('utf8');
      } catch {
        throw new TokenIntegrityError('cannot decrypt');
      }
    },

    keyIdOf(sealed: string): string | undefined {
      return sealed.split('.')[1];
    },
  };
}

export type TokenCipher = ReturnType<typeof createTokenCipher>;
