// `NODE_OPTIONS=--import <this file>`: the server starts as under `npm start` with the web app's
// build still running, and never ending (scripts/start.mjs hands the build over the same way).
// Tests a stop in that window: what the start began must end without waiting for the build.
globalThis.upsiderWebAppBuild = new Promise(() => {});
