// Compiles the server (TypeScript) ahead of time into ES modules, dist/server/main.js plus the
// chunks it imports later, so `npm start` runs plain JavaScript: no tsx compiling hundreds of
// files at every start. Split at dynamic imports: main.js holds only what the server needs to
// listen and serve the built site; the rest of the product (and its dependencies) loads after
// (decision 0025). Dependencies stay in node_modules, except the few bundled below.
import fs from 'node:fs';
import path from 'node:path';
import { build, stop } from 'esbuild';
import { writeStamp } from './build-stamp.mjs';

const root = path.resolve(import.meta.dirname, '..');
export const SERVER_ENTRY = 'src/main/server.ts';
const SERVER_DIR = path.join(root, 'dist/server');
export const SERVER_OUT = path.join(SERVER_DIR, 'main.js');
export const SERVER_STAMP = path.join(root, 'dist/server-build-inputs.json');

/**
 * Packages compiled into the bundle instead of loaded from node_modules: viem's ES modules are
 * thousands of files, and `import { base } from 'viem/chains'` alone loads every chain it knows
 * (1.4 s and 60 MiB of RSS at start). Bundled, esbuild keeps only what the server uses (they
 * declare no side effects); zod, hono and drizzle-orm likewise, as fewer ES modules to resolve
 * and hold (idle RSS 290 → 268 MiB, one restart each). Packages that find their own files at run time (PGlite's WASM, pino's
 * transports) must stay external.
 */
const BUNDLED =
  /^(viem|ox|abitype|@noble\/(curves|hashes)|@scure\/(base|bip32|bip39)|zod|hono|drizzle-orm)(\/|$)/;

/**
 * Bare imports resolve to node_modules at run time unless BUNDLED matches them. Also used by the
 * tests' bundle of the entries they spawn (tests/support/child-bundle.ts): compiled the same way.
 */
export const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./@]|^@[^/]/ }, (args) =>
      BUNDLED.test(args.path) ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * How server code is compiled: ES modules for Node 20, split at dynamic imports, packages left
 * in node_modules except BUNDLED, linked source maps. The tests' spawned entries are compiled
 * the same way (tests/support/child-bundle.ts, decision 0075).
 */
export const serverCompileOptions = {
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  plugins: [externalPackages],
  sourcemap: 'linked',
  logLevel: 'warning',
};

export async function buildServer() {
  // Chunk names carry content hashes: clear the old ones rather than let them pile up.
  fs.rmSync(SERVER_DIR, { recursive: true, force: true });
  const result = await build({
    ...serverCompileOptions,
    absWorkingDir: root,
    entryPoints: { main: SERVER_ENTRY },
    outdir: SERVER_DIR,
    metafile: true,
  });
  writeStamp(SERVER_STAMP, root, [
    ...Object.keys(result.metafile.inputs),
    'scripts/build-server.mjs',
  ]);
  // esbuild's service is a child process (about 60 MiB) that would otherwise live as long as the
  // server `npm start` runs in this same process.
  await stop();
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  await buildServer();
}
