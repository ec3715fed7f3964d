import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHsmMasterKey } from '@/core/wallets/pkcs11-provider.ts';
import type { Pkcs11Settings } from '@/core/wallets/pkcs11-session.ts';
import { SOFTHSM_MODULES } from '../../scripts/ensure-softhsm.mjs';

/**
 * A throwaway SoftHSM2 token for one test file: its own SOFTHSM2_CONF and token folder (so no
 * test sees another's keys), a random PIN, and AES keys made on demand (decision 0046). npm test
 * installs SoftHSM2 first (scripts/ensure-softhsm.mjs), so these tests never skip.
 */
export function startTestHsm() {
  const module = SOFTHSM_MODULES.find((m) => fs.existsSync(m));
  if (!module) throw new Error('SoftHSM2 is not installed: run node scripts/ensure-softhsm.mjs');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'upsider-softhsm-'));
  fs.mkdirSync(path.join(dir, 'tokens'));
  const conf = path.join(dir, 'softhsm2.conf');
  fs.writeFileSync(
    conf,
    `directories.tokendir = ${path.join(dir, 'tokens')}\nobjectstore.backend = file\nlog.level = ERROR\n`,
  );
  // SoftHSM reads it when the module is initialised, and softhsm2-util below reads it too.
  process.env.SOFTHSM2_CONF = conf;
  const tokenLabel = `upsider-${randomBytes(3).toString('hex')}`;
  const pin = randomBytes(6).toString('hex');
  const init = spawnSync(
    'softhsm2-util',
    ['--init-token', '--free', '--label', tokenLabel, '--so-pin', `so${pin}`, '--pin', pin],
    { encoding: 'utf8', env: { ...process.env, SOFTHSM2_CONF: conf } },
  );
  if (init.status !== 0) throw new Error(`softhsm2-util failed: ${init.stderr}`);
  const settings = (keyLabels: string[]): Pkcs11Settings => ({
    module,
    tokenLabel,
    readPin: () => pin,
    keyLabels,
  });
  return {
    module,
    tokenLabel,
    pin,
    settings,
    /** The settings as the environment gives them (loadConfig). */
    env: (keyLabels: string[]) => ({
      WALLET_KEY_PROVIDER: 'pkcs11',
      WALLET_PKCS11_MODULE: module,
      WALLET_PKCS11_TOKEN_LABEL: tokenLabel,
      WALLET_PKCS11_PIN: pin,
      WALLET_PKCS11_KEY_LABELS: keyLabels.join(','),
    }),
    createKey: (label: string) => createHsmMasterKey(settings([]), label),
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}
