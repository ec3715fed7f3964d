import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { inspect } from 'node:util';

/** A 32-byte AES-256 master key and the id stored next to every ciphertext it produced. */
export interface MasterKey {
  readonly id: string;
  readonly key: Buffer;
}

/** Raised for a bad keyring: messages name the problem, never the key material. */
export class KeyringError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'KeyringError';
  }
}

const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;

/**
 * The master keys that encrypt wallet private keys. The first key is current (new ciphertexts);
 * the others only decrypt (rotation). Key bytes sit in a private field, so JSON.stringify and
 * util.inspect of a keyring never show them.
 */
export class Keyring {
  readonly #keys: MasterKey[];

  constructor(keys: MasterKey[]) {
    if (keys.length === 0) throw new KeyringError('a keyring needs at least one master key');
    const ids = new Set<string>();
    for (const k of keys) {
      if (!KEY_ID.test(k.id)) throw new KeyringError('master key ids are 1-32 of [A-Za-z0-9_-]');
      if (k.key.length !== 32) throw new KeyringError(`master key "${k.id}" is not 32 bytes`);
      if (ids.has(k.id)) throw new KeyringError(`master key id "${k.id}" appears twice`);
      ids.add(k.id);
    }
    this.#keys = keys.map((k) => ({ id: k.id, key: Buffer.from(k.key) }));
  }

  get current(): MasterKey {
    return this.#keys[0] as MasterKey;
  }

  get ids(): string[] {
    return this.#keys.map((k) => k.id);
  }

  byId(id: string): MasterKey | undefined {
    return this.#keys.find((k) => k.id === id);
  }

  toJSON() {
    return { ids: this.ids };
  }

  [inspect.custom]() {
    return `Keyring(${this.ids.join(', ')})`;
  }
}

/** Parses "keyId:base64key,keyId2:base64key2" (the WALLET_MASTER_KEYS format). */
export function parseMasterKeys(spec: string): Keyring {
  const keys = spec
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part, index) => {
      const colon = part.indexOf(':');
      if (colon <= 0) throw new KeyringError(`master key #${index + 1} is not "keyId:base64key"`);
      const id = part.slice(0, colon);
      const encoded = part.slice(colon + 1);
      if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(encoded)) {
        throw new KeyringError(`master key "${id}" is not base64`);
      }
      return { id, key: Buffer.from(encoded, 'base64') };
    });
  return new Keyring(keys);
}

/**
 * The default run's master key: `${dataDir}/master.key`, created once with mode 0600 and reused.
 * Refuses a file group or others can read (like ssh does with private keys).
 */
export function loadOrCreateMasterKeyFile(file: string): Keyring {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const line = `file-${randomBytes(4).toString('hex')}:${randomBytes(32).toString('base64')}\n`;
  if (!fs.existsSync(file)) {
    // Write a complete temp file, then link it into place: link() fails if the file exists, so
    // two processes starting together keep one key and nobody reads a half-written file.
    const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    fs.writeFileSync(tmp, line, { mode: 0o600, flag: 'wx' });
    try {
      fs.linkSync(tmp, file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    } finally {
      fs.unlinkSync(tmp);
    }
  }
  const mode = fs.statSync(file).mode & 0o777;
  if (process.platform !== 'win32' && (mode & 0o077) !== 0) {
    throw new KeyringError(
      `${file} is readable by group or others (mode ${mode.toString(8)}); run: chmod 600 ${file}`,
    );
  }
  return parseMasterKeys(fs.readFileSync(file, 'utf8'));
}
