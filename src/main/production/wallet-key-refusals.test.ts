import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REAL_PRODUCTION_ENV } from '../../../tests/support/production-env.ts';
import { ConfigError, loadConfig } from '../config.ts';

/** The wallet-key lines a production start prints (decision 0046), or [] when it would start. */
function walletRefusals(env: Record<string, string | undefined>): string[] {
  try {
    loadConfig(env as Record<string, string>);
    return [];
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    return err.issues.filter((l) => /^(WALLET_|DATA_DIR)/.test(l));
  }
}

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'upsider-wallet-keys-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
const dataDir = path.join(root, 'data');
const secrets = path.join(root, 'secrets');
fs.mkdirSync(dataDir);
fs.mkdirSync(secrets);
const base = { ...REAL_PRODUCTION_ENV, DATA_DIR: dataDir, WALLET_MASTER_KEYS: undefined };

describe('production wallet master keys come from outside the data folder', () => {
  it('refuses the default, which would generate master.key in DATA_DIR', () => {
    const lines = walletRefusals(base);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^WALLET_MASTER_KEYS: not set.*master\.key, beside the database.*→/);
    // The sandbox default is unchanged: no production, no refusal.
    expect(() => loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' })).not.toThrow();
  });

  it('starts on WALLET_MASTER_KEYS, or a key file outside DATA_DIR', () => {
    expect(walletRefusals(REAL_PRODUCTION_ENV)).toEqual([]);
    const file = path.join(secrets, 'master.key');
    expect(walletRefusals({ ...base, WALLET_MASTER_KEY_FILE: file })).toEqual([]);
  });

  it('refuses a key file inside DATA_DIR, however the path is spelled', () => {
    const inside = [
      path.join(dataDir, 'master.key'),
      path.join(dataDir, 'keys', 'deeper', 'master.key'),
      path.join(secrets, '..', 'data', 'master.key'),
    ];
    // A symlink from outside into the data folder is the data folder.
    const link = path.join(root, 'looks-outside');
    fs.symlinkSync(dataDir, link);
    inside.push(path.join(link, 'master.key'));
    for (const file of inside) {
      const lines = walletRefusals({ ...base, WALLET_MASTER_KEY_FILE: file });
      expect(lines, file).toHaveLength(1);
      expect(lines[0]).toMatch(
        /^WALLET_MASTER_KEY_FILE: .* is inside .*DATA_DIR, copied by every backup/,
      );
    }
  });

  it('refuses the data folder itself reached through a symlink (DATA_DIR is the link)', () => {
    const linkedData = path.join(root, 'data-link');
    fs.symlinkSync(dataDir, linkedData);
    const file = path.join(dataDir, 'master.key');
    expect(
      walletRefusals({ ...base, DATA_DIR: linkedData, WALLET_MASTER_KEY_FILE: file }),
    ).toHaveLength(1);
  });

  it('takes an HSM, and lists each PKCS#11 setting it lacks', () => {
    const lines = walletRefusals({ ...base, WALLET_KEY_PROVIDER: 'pkcs11' });
    expect(lines.map((l) => l.split(':')[0]).sort()).toEqual([
      'WALLET_PKCS11_KEY_LABELS',
      'WALLET_PKCS11_MODULE',
      'WALLET_PKCS11_PIN',
      'WALLET_PKCS11_TOKEN_LABEL',
    ]);
    const module = path.join(secrets, 'fake-pkcs11.so');
    fs.writeFileSync(module, '');
    const hsm = {
      ...base,
      WALLET_KEY_PROVIDER: 'pkcs11',
      WALLET_PKCS11_MODULE: module,
      WALLET_PKCS11_TOKEN_LABEL: 'upsider',
      WALLET_PKCS11_PIN: '1234',
      WALLET_PKCS11_KEY_LABELS: 'hsm-2026',
    };
    expect(walletRefusals(hsm)).toEqual([]);
    expect(walletRefusals({ ...hsm, WALLET_PKCS11_MODULE: `${module}.missing` })).toHaveLength(1);
    // An old master.key left beside the data would still be read to open old rows.
    fs.writeFileSync(path.join(dataDir, 'master.key'), 'old:key\n', { mode: 0o600 });
    expect(walletRefusals(hsm)[0]).toMatch(/^DATA_DIR: .*master\.key is beside the data/);
    fs.rmSync(path.join(dataDir, 'master.key'));
  });
});
