import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stampIsFresh, writeStamp } from '../../../scripts/build-stamp.mjs';

/**
 * `npm start` rebuilds only what changed (scripts/build-stamp.mjs): a file that looks as it did
 * (size and time) is not read, and any doubt is settled by its content's hash.
 */
let root: string;
let stamp: string;
const file = (name: string) => path.join(root, name);
const past = new Date(Date.now() - 60_000);

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'upsider-stamp-'));
  stamp = file('dist/inputs.json');
  for (const name of ['a.ts', 'b.ts', 'package-lock.json', 'tsconfig.json']) {
    fs.writeFileSync(file(name), `// ${name}\n`);
    fs.utimesSync(file(name), past, past);
  }
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('build stamps', () => {
  it('is fresh until a recorded file changes, and stale when one does or goes', () => {
    writeStamp(stamp, root, ['a.ts', 'b.ts']);
    expect(stampIsFresh(stamp, root)).toBe(true);
    fs.writeFileSync(file('a.ts'), '// A.ts\n'); // same size, a new time
    expect(stampIsFresh(stamp, root)).toBe(false);
    writeStamp(stamp, root, ['a.ts', 'b.ts']);
    fs.rmSync(file('b.ts'));
    expect(stampIsFresh(stamp, root)).toBe(false);
  });

  it('hashes a file whose time is not before the stamp, even when size and time match', () => {
    // Changed in the moment the stamp was written: size and time cannot tell, the hash does.
    const soon = new Date(Date.now() + 10_000);
    fs.utimesSync(file('a.ts'), soon, soon);
    writeStamp(stamp, root, ['a.ts']);
    fs.writeFileSync(file('a.ts'), '// A.ts\n');
    fs.utimesSync(file('a.ts'), soon, soon);
    expect(stampIsFresh(stamp, root)).toBe(false);
  });

  it('a file touched but not changed stays fresh (its hash still matches)', () => {
    writeStamp(stamp, root, ['a.ts']);
    const now = new Date();
    fs.utimesSync(file('a.ts'), now, now);
    expect(stampIsFresh(stamp, root)).toBe(true);
  });

  it('a stamp from before sizes and times were kept is still read by its hashes', () => {
    writeStamp(stamp, root, ['a.ts']);
    const { hashes } = JSON.parse(fs.readFileSync(stamp, 'utf8'));
    fs.writeFileSync(stamp, JSON.stringify({ hashes }));
    expect(stampIsFresh(stamp, root)).toBe(true);
    fs.writeFileSync(file('a.ts'), '// A.ts\n');
    expect(stampIsFresh(stamp, root)).toBe(false);
  });
});
