// Which source files a build was made from, with their content hashes, so `npm start` can tell
// in milliseconds whether the web app or the server bundle must be rebuilt. Each file's size and
// modification time are kept too: a restart compares those (a stat each, as git's index does)
// and reads and hashes only the files that look changed (938 files: 30–70 ms of hashing at every
// start with a busy machine, 17–30 ms of stats).
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
  const writtenAt = Date.now();
  const hashes = Object.fromEntries(rel.map((f) => [f, hashOf(path.join(root, f))]));
  const seen = Object.fromEntries(rel.map((f) => [f, statOf(path.join(root, f))]));
  fs.mkdirSync(path.dirname(stampPath), { recursive: true });
  fs.writeFileSync(stampPath, JSON.stringify({ writtenAt, hashes, seen }, null, 1));
}

/** `[size, mtimeMs]`, or null for a missing file. */
function statOf(file) {
  try {
    const st = fs.statSync(file);
    return [st.size, st.mtimeMs];
  } catch {
    return null;
  }
}

/**
 * True when the file still looks as it did when the stamp was written: same size, same time, and
 * that time before the stamp (a file changed in the very moment the stamp was written could keep
 * both, so it is hashed: git's "racily clean" rule).
 */
function looksUnchanged(file, seen, writtenAt) {
  if (!Array.isArray(seen) || typeof writtenAt !== 'number') return false;
  const now = statOf(file);
  return now !== null && now[0] === seen[0] && now[1] === seen[1] && now[1] < writtenAt;
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
  const seen = stamp.seen ?? {};
  return (
    entries.length > 0 &&
    entries.every(([f, h]) => {
      const file = path.join(root, f);
      return looksUnchanged(file, seen[f], stamp.writtenAt) || hashOf(file) === h;
    })
  );
}
