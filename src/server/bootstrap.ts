import { openDatabase } from '../db/client.ts';
import { startSandbox } from '../sandbox/mount.ts';
import { createApp } from './app.ts';
import type { Config } from './config.ts';
import { createConstellationClient } from './constellation/index.ts';
import { loadKeyRing } from './crypto/key-ring.ts';
import { createTokenCipher } from './crypto/token-cipher.ts';
import type { AppDeps } from './deps.ts';
import { createLogger } from './logger.ts';
import { createXClient } from './x/client.ts';

/**
 * Composition root: config → database → dependencies → app (+ the sandbox in sandbox mode).
 * Used by `npm start` (main.ts) and `npm run dev` (scripts/dev.ts). The only product file
 * allowed to import the sandbox.
 */
export async function bootstrap(config: Config, opts: { distDir?: string } = {}) {
  const logger = createLogger(config.logLevel);
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  const now = () => new Date();
  const deps: AppDeps = {
    config,
    db: database.db,
    logger,
    now,
    x: createXClient({ ...config.x, now }),
    tokenCipher: createTokenCipher(loadKeyRing({ ...config.tokenKeys, dataDir: config.dataDir })),
    // In sandbox mode the nodes are mounted on this very app: call them in-process.
    constellation: createConstellationClient({
      ...config.constellation,
      fetch: async (url, init) =>
        config.sandbox && url.startsWith(config.publicUrl)
          ? app.request(url, init)
          : fetch(url, init),
    }),
  };
  const sandbox = config.sandbox
    ? await startSandbox({ deps, database, publicUrl: config.publicUrl })
    : null;
  // In sandbox mode the product signs in with the local X's registered client.
  const localX = sandbox?.services.find((s) => s.name === 'x')?.describe();
  if (localX && !config.x.clientId) {
    deps.x = createXClient({
      ...config.x,
      clientId: String(localX.clientId),
      clientSecret: String(localX.clientSecret),
      now,
    });
  }
  const app = createApp(deps, { mounts: sandbox?.mounts ?? [], distDir: opts.distDir });

  return {
    app,
    deps,
    database,
    logger,
    async stop() {
      await sandbox?.stop();
      await database.close();
    },
  };
}
