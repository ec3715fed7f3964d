import path from 'node:path';
import { build, type Metafile, stop } from 'esbuild';
import { afterAll, expect, it } from 'vitest';
import { serverCompileOptions } from '../../scripts/build-server.mjs';

/**
 * What every `npm start` loads before it is ready: the server's entry, the product's chunk and
 * the database's (src/main/server.ts imports both at once), with everything they import
 * statically. The packages only some requests need load on their first use (decisions 0025,
 * 0081): the canvas binding (Skia, a 35 MB native library: share cards, video frames), pdf-lib
 * and qrcode (certificates). A static import of one of them, anywhere under these entries, puts
 * it back on every start.
 */
const AT_EVERY_START = [
  'src/main/server.ts',
  'src/main/bootstrap.ts',
  'src/main/open-start-database.ts',
];
const ON_FIRST_USE = ['@napi-rs/canvas', 'pdf-lib', '@pdf-lib/fontkit', 'qrcode'];

const root = path.resolve(import.meta.dirname, '../..');
afterAll(() => stop());

/** The packages reached from `entries` through static imports only, each with one path to it. */
function staticPackages(meta: Metafile, entries: string[]) {
  const via = new Map<string, string[]>(entries.map((e) => [e, [e]]));
  const packages = new Map<string, string[]>();
  const todo = [...entries];
  for (let file = todo.pop(); file !== undefined; file = todo.pop()) {
    for (const imp of meta.inputs[file]?.imports ?? []) {
      if (imp.kind !== 'import-statement' && imp.kind !== 'require-call') continue;
      const trail = [...(via.get(file) ?? []), imp.path];
      if (imp.external) {
        if (!packages.has(imp.path)) packages.set(imp.path, trail);
      } else if (!via.has(imp.path)) {
        via.set(imp.path, trail);
        todo.push(imp.path);
      }
    }
  }
  return packages;
}

it('a start loads no package that only some requests need', async () => {
  const { metafile } = await build({
    ...serverCompileOptions,
    absWorkingDir: root,
    entryPoints: AT_EVERY_START,
    outdir: path.join(root, 'dist/start-loads-check'),
    write: false,
    sourcemap: false,
    metafile: true,
  });
  const reached = staticPackages(metafile, AT_EVERY_START);
  // The check itself reaches something: PGlite is loaded at every start.
  expect([...reached.keys()]).toContain('@electric-sql/pglite');
  const early = ON_FIRST_USE.filter((p) => reached.has(p)).map((p) => reached.get(p)?.join(' → '));
  expect(early).toEqual([]);
}, 120_000);
