// The end-to-end tests drive Debian's Chromium and the HSM wallet-key tests SoftHSM2 (decision
// 0046). On a fresh Debian machine without them, install the distribution package (as root, or
// through sudo) so `npm install && npm test` does all the set-up.
import { spawnSync } from 'node:child_process';

/**
 * Installs Debian package `pkg` unless `isInstalled()` already holds, and checks it after.
 * `what` names it in messages; `hint` says how to do it by hand.
 */
export function ensureDebianPackage({ pkg, what, isInstalled, hint }) {
  if (isInstalled()) return;
  const fail = (why) => {
    console.error(`${why}\n${hint}`);
    process.exit(1);
  };
  if (!has('apt-get')) fail(`${what} was not found and this is not a Debian machine (no apt-get).`);
  const root = process.getuid?.() === 0;
  if (!root && !has('sudo')) fail(`${what} was not found; installing it needs root or sudo.`);
  console.info(`${what} not found: installing Debian's ${pkg} package`);
  const apt = (args) => {
    const [cmd, argv] = root ? ['apt-get', args] : ['sudo', ['apt-get', ...args]];
    const res = spawnSync(cmd, argv, {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (res.status !== 0) fail(`apt-get ${args.join(' ')} failed`);
  };
  apt(['update', '-qq']);
  apt(['install', '-y', '-qq', pkg]);
  if (!isInstalled()) fail(`apt-get installed ${pkg}, but ${what} is still missing.`);
}

export const has = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;
