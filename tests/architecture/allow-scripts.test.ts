import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const LIFECYCLE = ['preinstall', 'install', 'postinstall'] as const;

/** Every installed package (nested ones too) whose package.json runs a script at install. */
function packagesWithInstallScripts(dir: string, found = new Set<string>()): Set<string> {
  if (!fs.existsSync(dir)) return found;
  for (const entry of fs.readdirSync(dir)) {
    if (entry.startsWith('.')) continue;
    const full = path.join(dir, entry);
    if (entry.startsWith('@')) {
      packagesWithInstallScripts(full, found);
      continue;
    }
    const manifest = path.join(full, 'package.json');
    if (!fs.existsSync(manifest)) continue;
    const pkg = JSON.parse(fs.readFileSync(manifest, 'utf8')) as {
      name?: string;
      scripts?: Record<string, string>;
    };
    if (pkg.name && LIFECYCLE.some((s) => pkg.scripts?.[s])) found.add(pkg.name);
    packagesWithInstallScripts(path.join(full, 'node_modules'), found);
  }
  return found;
}

describe('install scripts (npm allowScripts)', () => {
  // npm 11 warns about install scripts allowScripts does not cover, and a later npm skips them:
  // the HSM binding (pkcs11js), libsecp256k1, the bundled ffmpeg's execute bit and anvil would
  // then silently be missing. Every one is decided in package.json, allowed or denied.
  it('every installed package with an install script is allowed or denied by name', () => {
    const { allowScripts = {} } = JSON.parse(
      fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'),
    ) as { allowScripts?: Record<string, boolean> };
    const undecided = [...packagesWithInstallScripts(path.join(ROOT, 'node_modules'))].filter(
      (name) => !(name in allowScripts),
    );
    expect(undecided).toEqual([]);
  });
});
