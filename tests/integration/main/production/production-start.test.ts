import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@/db/client.ts';
import { bootstrap } from '@/main/bootstrap.ts';
import { loadConfig } from '@/main/config.ts';
import { PUBLISHED_SANDBOX_SYSTEM_ADDRESSES } from '@/main/production/data-refusals.ts';
import { loadSandboxSystemKeys } from '@/sandbox/constellation/genesis.ts';
import { nodeArgs } from '../../../support/node-entry.ts';
import { REAL_PRODUCTION_ENV } from '../../../support/production-env.ts';

/**
 * A production start (NODE_ENV=production) refuses what would hurt people, on the real start-up
 * path: sandbox settings, a data folder the sandbox made, system wallets on published keys
 * (decision 0036).
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'upsider-production-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const sandboxStart = async () => {
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '4322',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    AGENT_IN_PROCESS: 'false',
    SANDBOX_DEMO: 'false',
  });
  await (await bootstrap(config, { startAgentLoops: false })).stop();
};
const productionStart = async () => {
  // The sandbox's wallets are sealed by the master.key it generated in DATA_DIR; production
  // refuses a key file there (decision 0046), so it is given the same key from the environment.
  const keyFile = path.join(dataDir, 'master.key');
  const keys = fs.existsSync(keyFile) ? fs.readFileSync(keyFile, 'utf8').trim() : undefined;
  const config = loadConfig({
    ...REAL_PRODUCTION_ENV,
    DATA_DIR: dataDir,
    WALLET_MASTER_KEYS: keys ?? REAL_PRODUCTION_ENV.WALLET_MASTER_KEYS,
  });
  await (await bootstrap(config, { startAgentLoops: false })).stop();
};

describe('a production start', () => {
  it('keeps the published sandbox keys it refuses equal to the sandbox genesis', () => {
    const published = Object.values(loadSandboxSystemKeys()).map((k) => k.address);
    expect([...PUBLISHED_SANDBOX_SYSTEM_ADDRESSES].sort()).toEqual(published.sort());
  });

  it('is refused on a data folder the sandbox made, and on system wallets with published keys', async () => {
    await sandboxStart();
    const refused = productionStart();
    await expect(refused).rejects.toThrow(/made or used by the sandbox/);
    await expect(refused).rejects.toThrow(/system wallet "treasury".*published/);
    await expect(refused).rejects.toMatchObject({ name: 'ProductionRefusedError' });

    // Without the sandbox's tables, the published treasury keys are still refused on their own.
    const database = await openDatabase({ dataDir });
    await database.db.execute(sql`drop schema sandbox cascade`);
    await database.close();
    const again = productionStart();
    await expect(again).rejects.toThrow(/system wallet "treasury"/);
    await expect(again).rejects.not.toThrow(/made or used by the sandbox/);
  }, 300_000);

  it('from the server entry point: lists every problem with its fix, and no stack trace', () => {
    const env = { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production' };
    const run = spawnSync(process.execPath, nodeArgs('src/main/server.ts'), {
      env: {
        ...env,
        SANDBOX: 'true',
        DATA_DIR: dataDir,
        X_WEBHOOK_URL: 'https://upsider.example:8443/api/x/webhook',
      },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('Not started: production mode');
    expect(run.stderr).toMatch(/SANDBOX: the local simulators are switched on → remove SANDBOX/);
    expect(run.stderr).toMatch(/X_CLIENT_ID: not set → /);
    // The wallet master key would be generated beside the data (decision 0046).
    expect(run.stderr).toMatch(
      /WALLET_MASTER_KEYS: not set: .*master\.key, beside the database.* → /,
    );
    // X refuses a webhook URL with a port (x-api/webhooks/introduction.mdx): said at start.
    expect(run.stderr).toMatch(/X_WEBHOOK_URL: includes a port \(upsider\.example:8443\) → /);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});
