// Precompresses the built assets (brotli 11 + gzip 9) so the server sends them without work per
// request. `npm run build:web` runs it to the end; `npm start` runs it in the background after a
// build, at the lowest CPU priority (scripts/start-build.mjs, decision 0065), so the server
// starts on quickly compressed copies and the next start reads these.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|map|webmanifest)$/;

/** The files of `dir` that want .br/.gz and lack them (or have ones older than the file). */
export function uncompressed(dir) {
  const todo = [];
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const stat = fs.statSync(file);
    if (stat.size < 1024) continue;
    const fresh = (suffix) =>
      fs.statSync(file + suffix, { throwIfNoEntry: false })?.mtimeMs >= stat.mtimeMs;
    if (!fresh('.br') || !fresh('.gz')) todo.push(file);
  }
  return todo;
}

/**
 * Compresses what `uncompressed` lists. Each variant is written elsewhere first and renamed
 * into place (`tmpDir`, same file system): a server starting meanwhile never reads half a file,
 * and dist/web never holds a temporary file it would serve.
 */
export function compressDist(dir, tmpDir = path.join(dir, '..', 'cache', 'compressing')) {
  fs.mkdirSync(tmpDir, { recursive: true });
  const put = (target, data) => {
    const tmp = path.join(tmpDir, `${process.pid}-${path.basename(target)}`);
    fs.writeFileSync(tmp, data);
    fs.renameSync(tmp, target);
  };
  for (const file of uncompressed(dir)) {
    const data = fs.readFileSync(file);
    const quality = { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 };
    put(`${file}.br`, zlib.brotliCompressSync(data, { params: quality }));
    put(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  compressDist(path.resolve(process.argv[2] ?? 'dist/web'));
}
