import fs from 'node:fs';
import path from 'node:path';

/**
 * The data folder holds the database, the wallet master key and the X token keys: nobody but
 * this user may read or write any of it. New files get 0600 and folders 0700 (umask), and an
 * existing folder's loose modes (PGlite creates its files 0666 under a permissive umask) are
 * tightened at start-up. Key files are not fixed silently: a readable key may already have been
 * copied, so start-up refuses it instead (see verifyMasterKeys) and the operator decides.
 */
export function secureDataDir(dataDir: string, opts: { except?: string } = {}) {
  if (process.platform === 'win32') return;
  process.umask(0o077);
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  tighten(dataDir, opts.except);
}

const KEY_FILES = new Set(['master.key', 'x-token-keys.json']);

/** `except`: a folder left as it is, with all it holds (the caller tightens it later). */
export function tighten(target: string, except?: string) {
  if (target === except) return;
  const stat = fs.lstatSync(target);
  if (stat.isSymbolicLink() || KEY_FILES.has(path.basename(target))) return;
  if ((stat.mode & 0o077) !== 0) fs.chmodSync(target, stat.isDirectory() ? 0o700 : 0o600);
  if (stat.isDirectory()) {
    for (const entry of fs.readdirSync(target)) tighten(path.join(target, entry), except);
  }
}
