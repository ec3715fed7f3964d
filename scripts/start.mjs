// `npm start`: builds only what changed since the last build, then runs the compiled server in
// this same process. The web app is rebuilt when a file it was built from changed (recorded by
// the build in dist/web-build-inputs.json); the server bundle likewise (dist/server-build-inputs.json).
// The builds run side by side; the assets' best compression follows in the background
// (scripts/start-build.mjs, decision 0065).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { stampIsFresh } from './build-stamp.mjs';

const root = path.resolve(import.meta.dirname, '..');
// Paths only: build-server.mjs (and esbuild with it) is loaded when a build is due.
const SERVER_OUT = path.join(root, 'dist/server/main.js');
const SERVER_STAMP = path.join(root, 'dist/server-build-inputs.json');
const webStamp = path.join(root, 'dist/web-build-inputs.json');
const webDue =
  !fs.existsSync(path.join(root, 'dist/web/index.html')) || !stampIsFresh(webStamp, root);
// Same sources as the client build, which removes it when it runs: there with a fresh client
// build, it was built with it. Missing alone (a start stopped before its lowest-priority build
// ended, decision 0069): only it is built again.
const serverRenderDue = webDue || !fs.existsSync(path.join(root, 'dist/web-ssr/entry-server.js'));
const serverDue = !fs.existsSync(SERVER_OUT) || !stampIsFresh(SERVER_STAMP, root);

const { buildWeb, compressInBackground } = await import('./start-build.mjs');
const fail = (err) => {
  console.error(err);
  process.exit(1);
};
// The web app builds while the server bundle does and then while the server opens its database
// and loads the product; the server waits for the client build only to load the site
// (src/main/server.ts), and for the server-render build only to prerender pages (decision 0069).
if (webDue) console.info('web app changed since the last build: building');
const web = buildWeb(root, { client: webDue, serverRender: serverRenderDue });
// A build ended by a signal was ended by the Ctrl-C that stops this process too: the server's
// own stop ends the start (src/main/server.ts). Only if it has not within 10 s is it a failure.
web.client.catch((err) => (err.signal ? setTimeout(() => fail(err), 10_000) : fail(err)));
// Not fatal: without it the public pages render in the browser, and the next start builds it.
web.serverRender.catch((err) => console.error(err));
globalThis.upsiderWebAppBuild = web.client;
globalThis.upsiderServerRenderBuild = web.serverRender;
// After the build: the best compression at the lowest priority (the server starts without it).
web.client.then(() => compressInBackground(root)).catch(() => {});
if (serverDue) await import('./build-server.mjs').then((m) => m.buildServer(), fail);
// No source maps at run time (decision 0030): with them Node reads and parses the map of every
// module it loads (megabytes for the server's chunks and PGlite's, kept in memory) and maps the
// stack of every Error made, which viem does for each request. Stack traces then name lines of
// dist/server; NODE_OPTIONS=--enable-source-maps maps them to src/ (the .map files are built).
await import(pathToFileURL(SERVER_OUT).href);
