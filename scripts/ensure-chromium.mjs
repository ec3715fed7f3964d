// Debian's Chromium for the end-to-end tests, installed when missing.
import fs from 'node:fs';
import { ensureDebianPackage } from './ensure-debian-package.mjs';

export function ensureChromium(chromium) {
  ensureDebianPackage({
    pkg: 'chromium',
    what: `Chromium (${chromium})`,
    isInstalled: () => fs.existsSync(chromium),
    hint: 'Install Chromium (apt-get install chromium) or set CHROMIUM_PATH.',
  });
}
