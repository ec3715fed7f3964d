// The end-to-end tests drive Debian's Chromium. On a fresh Debian machine without it, install the
// distribution package (as root, or through sudo) so `npm install && npm test` does all the set-up.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

export function ensureChromium(chromium) {
  if (fs.existsSync(chromium)) return;
  const has = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;
  if (!has('apt-get')) {
    fail(`Chromium was not found at ${chromium} and this is not a Debian machine (no apt-get).`);
  }
  const root = process.getuid?.() === 0;
  if (!root && !has('sudo'))
    fail(`Chromium was not found at ${chromium}; installing needs root or sudo.`);
  console.info(`Chromium not found at ${chromium}: installing Debian's chromium package`);
  const apt = (args) => {
    const [cmd, argv] = root ? ['apt-get', args] : ['sudo', ['apt-get', ...args]];
    const res = spawnSync(cmd, argv, {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (res.status !== 0) fail(`apt-get ${args.join(' ')} failed`);
  };
  apt(['update', '-qq']);
  apt(['install', '-y', '-qq', 'chromium']);
  if (!fs.existsSync(chromium))
    fail(`apt-get installed chromium, but ${chromium} is still missing.`);
}

function fail(why) {
  console.error(`${why}\nInstall Chromium (apt-get install chromium) or set CHROMIUM_PATH.`);
  process.exit(1);
}
