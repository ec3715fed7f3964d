import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { decryptPrivateKey, encryptPrivateKey, KeyDecryptionError } from './key-encryption.ts';
import { Keyring, KeyringError, loadOrCreateMasterKeyFile, parseMasterKeys } from './keyring.ts';

const ADDRESS = 'DAG42KmGjqw6f7zQdeHFwyJXrptsHkExks52aStY';
const OTHER_ADDRESS = 'DAG77zerQ2BUVhtVgkmseihkEfLXieBBm57vqA4J';
const master = (id: string) => ({ id, key: randomBytes(32) });

describe('wallet key encryption (AES-256-GCM)', () => {
  const keyring = new Keyring([master('k1')]);
  const secret = randomBytes(32);

  it('round-trips, with a fresh nonce per encryption', () => {
    const a = encryptPrivateKey(keyring, secret, ADDRESS);
    const b = encryptPrivateKey(keyring, secret, ADDRESS);
    expect(a.nonce).not.toBe(b.nonce);
    expect(a.ciphertext).not.toBe(b.ciphertext);
    expect(Buffer.from(a.nonce, 'base64')).toHaveLength(12);
    expect(Buffer.from(a.authTag, 'base64')).toHaveLength(16);
    expect(Buffer.from(decryptPrivateKey(keyring, a, ADDRESS))).toEqual(secret);
    expect(a.ciphertext).not.toContain(secret.toString('base64'));
  });

  it('fails on a tampered ciphertext, tag or nonce', () => {
    const enc = encryptPrivateKey(keyring, secret, ADDRESS);
    const flip = (b64: string) => {
      const bytes = Buffer.from(b64, 'base64');
      bytes[0] = (bytes[0] as number) ^ 1;
      return bytes.toString('base64');
    };
    for (const field of ['ciphertext', 'authTag', 'nonce'] as const) {
      const tampered = { ...enc, [field]: flip(enc[field]) };
      expect(() => decryptPrivateKey(keyring, tampered, ADDRESS)).toThrow(KeyDecryptionError);
    }
  });

  it('fails with another AAD: a ciphertext moved to another wallet row does not decrypt', () => {
    const enc = encryptPrivateKey(keyring, secret, ADDRESS);
    expect(() => decryptPrivateKey(keyring, enc, OTHER_ADDRESS)).toThrow(KeyDecryptionError);
  });

  it('rotation: new keys use the current master key, old key ids still decrypt', () => {
    const old = master('old');
    const before = new Keyring([old]);
    const enc = encryptPrivateKey(before, secret, ADDRESS);
    const rotated = new Keyring([master('new'), old]);
    expect(Buffer.from(decryptPrivateKey(rotated, enc, ADDRESS))).toEqual(secret);
    expect(encryptPrivateKey(rotated, secret, ADDRESS).keyId).toBe('new');
    const withoutOld = new Keyring([master('new')]);
    expect(() => decryptPrivateKey(withoutOld, enc, ADDRESS)).toThrow(KeyDecryptionError);
  });

  it('never shows key material when a keyring or error is logged', () => {
    const k = master('k9');
    const ring = new Keyring([k]);
    const b64 = k.key.toString('base64');
    expect(JSON.stringify(ring)).not.toContain(b64);
    expect(String(new KeyDecryptionError('k9').message)).not.toContain(b64);
    expect(inspect(ring, { depth: 5, showHidden: true })).not.toContain(b64);
  });
});

describe('master key configuration', () => {
  it('parses "id:base64,..." with the first key current', () => {
    const a = randomBytes(32).toString('base64');
    const b = randomBytes(32).toString('base64');
    const ring = parseMasterKeys(`2026b:${a}, 2026a:${b}`);
    expect(ring.current.id).toBe('2026b');
    expect(ring.ids).toEqual(['2026b', '2026a']);
  });

  it('rejects bad specs without echoing the key', () => {
    const short = randomBytes(16).toString('base64');
    try {
      parseMasterKeys(`k1:${short}`);
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(KeyringError);
      expect((err as Error).message).not.toContain(short);
    }
    expect(() => parseMasterKeys('nocolon')).toThrow(KeyringError);
    expect(() => parseMasterKeys('')).toThrow(KeyringError);
  });

  it('creates the key file once with mode 0600, reuses it, refuses a readable one', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'upsider-keys-'));
    const file = path.join(dir, 'nested', 'master.key');
    const first = loadOrCreateMasterKeyFile(file);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const again = loadOrCreateMasterKeyFile(file);
    expect(again.current.id).toBe(first.current.id);
    const enc = encryptPrivateKey(first, Buffer.alloc(32, 7), ADDRESS);
    expect(Buffer.from(decryptPrivateKey(again, enc, ADDRESS))).toEqual(Buffer.alloc(32, 7));
    fs.chmodSync(file, 0o644);
    expect(() => loadOrCreateMasterKeyFile(file)).toThrow(/chmod 600/);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
