// SoftHSM2 for the HSM wallet-key tests (decision 0046), installed when missing.
import fs from 'node:fs';
import { ensureDebianPackage, has } from './ensure-debian-package.mjs';

/** Where Debian's softhsm2 puts its PKCS#11 module (the first that exists is used). */
export const SOFTHSM_MODULES = [
  '/usr/lib/softhsm/libsofthsm2.so',
  '/usr/lib/x86_64-linux-gnu/softhsm/libsofthsm2.so',
  '/usr/lib/aarch64-linux-gnu/softhsm/libsofthsm2.so',
];

export function ensureSoftHsm() {
  ensureDebianPackage({
    pkg: 'softhsm2',
    what: 'SoftHSM2 (softhsm2-util and its PKCS#11 module)',
    isInstalled: () => has('softhsm2-util') && SOFTHSM_MODULES.some((m) => fs.existsSync(m)),
    hint: 'Install SoftHSM2 (apt-get install softhsm2): the HSM wallet-key tests need it.',
  });
}
