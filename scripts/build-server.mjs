// Compiles the server (TypeScript) ahead of time into one ES module, dist/server/main.js, so
// `npm start` runs plain JavaScript: no tsx compiling hundreds of files at every start.
// Dependencies stay in node_modules (packages: 'external').
import path from 'node:path';
import { build } from 'esbuild';
import { writeStamp } from './build-stamp.mjs';

const root = path.resolve(import.meta.dirname, '..');
export const SERVER_ENTRY = 'src/main/server.ts';
export const SERVER_OUT = path.join(root, 'dist/server/main.js');
export const SERVER_STAMP = path.join(root, 'dist/server-build-inputs.json');

export async function buildServer() {
  const result = await build({
    absWorkingDir: root,
    entryPoints: [SERVER_ENTRY],
    outfile: SERVER_OUT,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'warning',
  });
  writeStamp(SERVER_STAMP, root, [
    ...Object.keys(result.metafile.inputs),
    'scripts/build-server.mjs',
  ]);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  await buildServer();
}
