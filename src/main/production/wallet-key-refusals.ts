import fs from 'node:fs';
import path from 'node:path';
import { defaultMasterKeyFile } from '../config-wallets.ts';
import type { Refusal } from './refusal.ts';

type Given = Record<string, string | undefined>;

/**
 * The real path of `p` even before it exists: the nearest existing ancestor resolved (symlinks,
 * `..`), the rest appended. A key file "outside" the data folder through a symlink is inside.
 */
export function realPathOf(p: string): string {
  const absolute = path.resolve(p);
  const rest: string[] = [];
  let at = absolute;
  while (!fs.existsSync(at)) {
    const parent = path.dirname(at);
    if (parent === at) break;
    rest.unshift(path.basename(at));
    at = parent;
  }
  return path.join(fs.realpathSync(at), ...rest);
}

const isWithin = (child: string, parent: string) => {
  const rel = path.relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
};

/**
 * The folders the backup steps of docs/OPERATIONS.md copy: the embedded database is archived
 * from DATA_DIR (`tar -C "$DATA_DIR" … pglite`), PostgreSQL's dump holds no files. A key file in
 * any of them travels with every backup.
 */
export const backedUpFolders = (dataDir: string) => [dataDir];

/**
 * Production's wallet master key must come from outside the data (decision 0046): WALLET_MASTER_KEYS,
 * a key file outside DATA_DIR and the backups, or an HSM (WALLET_KEY_PROVIDER=pkcs11). Never the
 * default, which generates master.key beside the database.
 */
export function walletKeyRefusals(given: Given, dataDir: string): Refusal[] {
  const refusals: Refusal[] = [];
  const pkcs11 = given.WALLET_KEY_PROVIDER === 'pkcs11';
  if (pkcs11) refusals.push(...pkcs11Refusals(given));
  const file = given.WALLET_MASTER_KEY_FILE;
  if (given.WALLET_MASTER_KEYS) return refusals;
  if (file) {
    const real = realPathOf(file);
    const folder = backedUpFolders(dataDir).find((f) => isWithin(real, realPathOf(f)));
    if (folder) {
      refusals.push({
        setting: 'WALLET_MASTER_KEY_FILE',
        problem: `${real} is inside ${folder} (DATA_DIR, copied by every backup): the keys would sit beside the data they open`,
        fix: 'a path outside DATA_DIR and its backups (another disk or a secrets mount), WALLET_MASTER_KEYS, or an HSM (WALLET_KEY_PROVIDER=pkcs11)',
      });
    }
  } else if (!pkcs11) {
    refusals.push({
      setting: 'WALLET_MASTER_KEYS',
      problem: `not set: the wallet master key would be generated into ${defaultMasterKeyFile(dataDir)}, beside the database and in its backups`,
      fix: 'set WALLET_MASTER_KEYS, or WALLET_MASTER_KEY_FILE outside DATA_DIR, or WALLET_KEY_PROVIDER=pkcs11 with an HSM',
    });
  } else if (fs.existsSync(defaultMasterKeyFile(dataDir))) {
    refusals.push({
      setting: 'DATA_DIR',
      problem: `${defaultMasterKeyFile(dataDir)} is beside the data (the HSM run would open old rows with it)`,
      fix: 'move it outside DATA_DIR and set WALLET_MASTER_KEY_FILE, or re-wrap every wallet (npm run wallets:rotate-keys) and delete it',
    });
  }
  return refusals;
}

function pkcs11Refusals(given: Given): Refusal[] {
  const out: Refusal[] = [];
  const need = (setting: string, fix: string) => {
    if (!given[setting])
      out.push({ setting, problem: 'WALLET_KEY_PROVIDER=pkcs11 without it', fix });
  };
  need('WALLET_PKCS11_MODULE', "the path of your HSM vendor's PKCS#11 library");
  need('WALLET_PKCS11_PIN', "the token user's PIN (a secret: from your secret store)");
  need('WALLET_PKCS11_KEY_LABELS', 'the label of the AES-256 key on the token (first = current)');
  if (!given.WALLET_PKCS11_TOKEN_LABEL && !given.WALLET_PKCS11_SLOT) {
    need('WALLET_PKCS11_TOKEN_LABEL', 'the token label (or WALLET_PKCS11_SLOT, its slot id)');
  }
  const module = given.WALLET_PKCS11_MODULE;
  if (module && !fs.existsSync(module)) {
    out.push({
      setting: 'WALLET_PKCS11_MODULE',
      problem: `${module} does not exist`,
      fix: "the path of your HSM vendor's PKCS#11 library",
    });
  }
  return out;
}
