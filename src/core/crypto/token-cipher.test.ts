import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { keyRingFromLists, loadKeyRing } from './key-ring.ts';
import { createTokenCipher, TokenIntegrityError } from './token-cipher.ts';

const k = () => randomBytes(32).toString('base64');
const ring = (ids: string[]) => {
  const enc = ids.map((id) => `${id}:${k()}`);
  const mac = ids.map((id) => `${id}:${k()}`);
  return { enc: enc.join(','), mac: mac.join(',') };
};

function flipChar(s: string, at: number) {
  const c = s[at] === 'A' ? 'B' : 'A';
  return s.slice(0, at) + c + s.slice(at + 1);
}

describe('token cipher (AES-256-CBC + HMAC-SHA256)', () => {
  const keys = ring(['k1']);
  const cipher = createTokenCipher(keyRingFromLists(keys.enc, keys.mac));

  it('round-trips and uses a fresh IV per record', () => {
    const a = cipher.seal('secret-token', 'row:1');
    const b = cipher.seal('secret-token', 'row:1');
    expect(a).not.toBe(b);
    expect(a).not.toContain('secret');
    expect(cipher.open(a, 'row:1')).toBe('secret-token');
  });

  it('detects a flipped byte in the ciphertext, IV or tag', () => {
    const sealed = cipher.seal('secret-token', 'row:1');
    const [v, id, iv, ct, tag] = sealed.split('.') as string[];
    for (const bad of [
      [v, id, flipChar(iv!, 2), ct, tag],
      [v, id, iv, flipChar(ct!, 3), tag],
      [v, id, iv, ct, flipChar(tag!, 4)],
    ]) {
      expect(() => cipher.open(bad.join('.'), 'row:1')).toThrow(TokenIntegrityError);
    }
  });

  it('refuses a ciphertext moved to another row', () => {
    const sealed = cipher.seal('secret-token', 'row:1');
    expect(() => cipher.open(sealed, 'row:2')).toThrow(TokenIntegrityError);
  });

  it('keeps decrypting old records after a key rotation', () => {
    const old = ring(['k1']);
    const sealed = createTokenCipher(keyRingFromLists(old.enc, old.mac)).seal('t', 'r');
    const fresh = ring(['k2']);
    const rotated = createTokenCipher(
      keyRingFromLists(`${fresh.enc},${old.enc}`, `${fresh.mac},${old.mac}`),
    );
    expect(rotated.currentKeyId).toBe('k2');
    expect(rotated.open(sealed, 'r')).toBe('t');
    expect(rotated.keyIdOf(rotated.seal('t', 'r'))).toBe('k2');
  });

  it('rejects malformed key lists', () => {
    expect(() => keyRingFromLists('k1:c2hvcnQ=', `k1:${k()}`)).toThrow(/32 bytes/);
    expect(() => keyRingFromLists(`k1:${k()}`, `k2:${k()}`)).toThrow(/no key with id k1/);
  });

  it('generates a key file once, readable only by its owner', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'keys-'));
    const first = loadKeyRing({ dataDir: dir });
    const second = loadKeyRing({ dataDir: dir });
    expect(second.current.enc.equals(first.current.enc)).toBe(true);
    expect(fs.statSync(path.join(dir, 'x-token-keys.json')).mode & 0o777).toBe(0o600);
    fs.rmSync(dir, { recursive: true });
  });
});
