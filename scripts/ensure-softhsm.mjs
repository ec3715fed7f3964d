// The HSM wallet-key tests run against SoftHSM2 (decision 0046). On a fresh Debian machine without
// it, install the distribution package (as root, or through sudo), as ensure-chromium does, so
// `npm install && npm test` does all the set-up.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

/** Where Debian's softhsm2 puts its PKCS#11 module (the first that exists is used). */
export const SOFTHSM_MODULES = [
  '/usr/lib/softhsm/libsofthsm2.so',
  '/usr/lib/x86_64-linux-gnu/softhsm/libsofthsm2.so',
  '/usr/lib/aarch64-linux-gnu/softhsm/libsofthsm2.so',
];

const has = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;
const installed = () => has('softhsm2-util') && SOFTHSM_MODULES.some((m) => fs.existsSync(m));

export function ensureSoftHsm() {
  if (installed()) return;
  if (!has('apt-get')) {
    fail('SoftHSM2 was not found and this is not a Debian machine (no apt-get).');
  }
  const root = process.getuid?.() === 0;
  if (!root && !has('sudo')) fail('SoftHSM2 was not found; installing it needs root or sudo.');
  console.info("SoftHSM2 not found: installing Debian's softhsm2 package");
  const apt = (args) => {
    const [cmd, argv] = root ? ['apt-get', args] : ['sudo', ['apt-get', ...args]];
    const res = spawnSync(cmd, argv, {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (res.status !== 0) fail(`apt-get ${args.join(' ')} failed`);
  };
  apt(['update', '-qq']);
  apt(['install', '-y', '-qq', 'softhsm2']);
  if (!installed()) fail('apt-get installed softhsm2, but its module or softhsm2-util is missing.');
}

function fail(why) {
  console.error(
    `${why}\nInstall SoftHSM2 (apt-get install softhsm2): the HSM wallet-key tests need it.`,
  );
  process.exit(1);
}
