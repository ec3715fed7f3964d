import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { KeyringError } from '../wallets/keyring.ts';
import type { KeyPair, KeyRing } from './token-cipher.ts';

/** The key file of the default run (no X_TOKEN_*_KEYS). */
export const tokenKeyFile = (dataDir: string) => path.join(dataDir, 'x-token-keys.json');

/** Parses "id:base64,id:base64" (first entry = the key new records use). */
export function parseKeyList(value: string, name: string): Map<string, Buffer> {
  const keys = new Map<string, Buffer>();
  for (const entry of value
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const sep = entry.indexOf(':');
    const id = entry.slice(0, sep);
    const key = Buffer.from(entry.slice(sep + 1), 'base64');
    if (sep < 1 || !/^[A-Za-z0-9_-]+$/.test(id)) throw new Error(`${name}: bad key id in "${id}"`);
    if (key.length !== 32) throw new Error(`${name}: key ${id} must be 32 bytes of base64`);
    keys.set(id, key);
  }
  if (keys.size === 0) throw new Error(`${name}: no key`);
  return keys;
}

/** Pairs encryption and MAC keys by id; both lists must name the same ids. */
export function keyRingFromLists(encList: string, macList: string): KeyRing {
  const enc = parseKeyList(encList, 'X_TOKEN_ENC_KEYS');
  const mac = parseKeyList(macList, 'X_TOKEN_MAC_KEYS');
  const byId = new Map<string, KeyPair>();
  for (const [id, key] of enc) {
    const macKey = mac.get(id);
    if (!macKey) throw new Error(`X_TOKEN_MAC_KEYS has no key with id ${id}`);
    if (macKey.equals(key)) throw new Error(`key ${id}: MAC and encryption keys must differ`);
    byId.set(id, { id, enc: key, mac: macKey });
  }
  return { current: byId.get([...enc.keys()][0]!)!, byId };
}

/**
 * The ring from X_TOKEN_ENC_KEYS / X_TOKEN_MAC_KEYS, or (default run) from a key file in
 * DATA_DIR, created once with mode 0600. Losing that file would make stored X tokens unreadable:
 * start-up refuses that case first (verify-token-keys.ts). A loose or unreadable file is a
 * KeyringError, which the server prints as a "Not started" line, not a stack trace.
 */
export function loadKeyRing(opts: { enc?: string; mac?: string; dataDir: string }): KeyRing {
  if (opts.enc || opts.mac) {
    if (!opts.enc || !opts.mac) throw new Error('Set both X_TOKEN_ENC_KEYS and X_TOKEN_MAC_KEYS');
    return keyRingFromLists(opts.enc, opts.mac);
  }
  const file = tokenKeyFile(opts.dataDir);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(opts.dataDir, { recursive: true });
    const fresh = {
      enc: `k1:${randomBytes(32).toString('base64')}`,
      mac: `k1:${randomBytes(32).toString('base64')}`,
    };
    try {
      fs.writeFileSync(file, JSON.stringify(fresh), { mode: 0o600, flag: 'wx' });
    } catch (err) {
      // Another process created it first: use theirs.
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  const mode = fs.statSync(file).mode & 0o777;
  if (process.platform !== 'win32' && (mode & 0o077) !== 0) {
    throw new KeyringError(
      `${file} is readable by group or others (mode ${mode.toString(8)}); run: chmod 600 ${file}`,
    );
  }
  try {
    const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as { enc: string; mac: string };
    return keyRingFromLists(stored.enc, stored.mac);
  } catch (err) {
    throw new KeyringError(
      `${file} cannot be read as X token keys (${(err as Error).message}); restore it from your backup.`,
    );
  }
}
