// Which source files a build was made from, with their content hashes, so `npm start` can tell
// in milliseconds whether the web app or the server bundle must be rebuilt.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Files every build depends on besides the modules it read (dependency versions, options). */
export const ALWAYS = ['package-lock.json', 'tsconfig.json'];

const hashOf = (file) => {
  try {
    return createHash('sha256').update(fs.readFileSync(file)).digest('base64url');
  } catch {
    return 'missing';
  }
};

/** Records `files` (absolute or relative to `root`) and their hashes in `stampPath`. */
export function writeStamp(stampPath, root, files) {
  const rel = [
    ...new Set([...files, ...ALWAYS].map((f) => path.relative(root, path.resolve(root, f)))),
  ]
    .filter((f) => !f.startsWith('..') && !f.split(path.sep).includes('node_modules'))
    .sort();
  const hashes = Object.fromEntries(rel.map((f) => [f, hashOf(path.join(root, f))]));
  fs.mkdirSync(path.dirname(stampPath), { recursive: true });
  fs.writeFileSync(stampPath, JSON.stringify({ hashes }, null, 1));
}

/** True when the stamp exists and every recorded file still has the recorded content. */
export function stampIsFresh(stampPath, root) {
  let stamp;
  try {
    stamp = JSON.parse(fs.readFileSync(stampPath, 'utf8'));
  } catch {
    return false;
  }
  const entries = Object.entries(stamp.hashes ?? {});
  return entries.length > 0 && entries.every(([f, h]) => hashOf(path.join(root, f)) === h);
}
