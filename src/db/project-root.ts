import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

let root: string | undefined;

/**
 * The checkout's root (the folder with package.json), found from this file. The same answer
 * whether the server runs from src/ through tsx or from the compiled bundle in dist/server/,
 * so data files (migrations, the sandbox genesis) are found either way.
 */
export function projectRoot(): string {
  if (root) return root;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error('package.json not found above the server code');
    dir = up;
  }
  root = dir;
  return root;
}
