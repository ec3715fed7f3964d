import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SANDBOX_EVIDENCE_DEFAULTS } from '@/main/config-evidence.ts';
import { nodeArgs } from '../../support/node-entry.ts';
import { REAL_PRODUCTION_ENV } from '../../support/production-env.ts';

/**
 * Every setting mistake is found before the server listens and listed with the others, one line
 * each with its fix, exit 1, no stack trace (decision 0049). Before, equal X token keys or a bad
 * agent limit were found after "Open https://…", with a stack trace.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'upsider-config-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const key = (byte: number) => `k1:${Buffer.alloc(32, byte).toString('base64')}`;

function startServer(env: Record<string, string>) {
  return spawnSync(process.execPath, nodeArgs('src/main/server.ts'), {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

describe('a start with setting mistakes', () => {
  it('lists them all before listening, each with its fix, without a stack trace', () => {
    const { AGENT_HANDLE: _, ...production } = REAL_PRODUCTION_ENV;
    const run = startServer({
      ...production,
      X_TOKEN_ENC_KEYS: key(1),
      X_TOKEN_MAC_KEYS: key(1),
      WALLET_MASTER_KEYS: 'not-a-key-list',
      AGENT_DAILY_MAX_DAG: '-5',
      CONSTELLATION_DOR_L0_URL: 'https://dor-l0.example',
      DIGITAL_EVIDENCE_API_KEY: 'real-key',
      DIGITAL_EVIDENCE_ORG_ID: '3f0c1b1e-8d55-4a8e-9a5e-7b7d2f0c9a11',
      DIGITAL_EVIDENCE_TENANT_ID: '3f0c1b1e-8d55-4a8e-9a5e-7b7d2f0c9a12',
      DIGITAL_EVIDENCE_SIGNING_KEY: SANDBOX_EVIDENCE_DEFAULTS.signingKey,
      DIGITAL_EVIDENCE_METAGRAPH_ID: 'DAG0evidenceMetagraphOfProduction',
      DIGITAL_EVIDENCE_BATCH_PUBLIC_KEY: SANDBOX_EVIDENCE_DEFAULTS.batchPublicKey,
      X_API_URL: 'HTTPS://upsider.example/sand%62ox/x',
    });
    expect(run.status).toBe(1);
    expect(run.stdout).not.toContain('Open ');
    const out = run.stderr;
    for (const setting of [
      'X_TOKEN_ENC_KEYS/X_TOKEN_MAC_KEYS: key k1: MAC and encryption keys must differ',
      'WALLET_MASTER_KEYS: ',
      'AGENT_DAILY_MAX_DAG: ',
      'CONSTELLATION_DOR_L0_URL: ',
      'AGENT_HANDLE: not set',
      'DIGITAL_EVIDENCE_SIGNING_KEY: the private key of sandbox Digital Evidence signing key',
      'DIGITAL_EVIDENCE_BATCH_PUBLIC_KEY: the public key of sandbox Digital Evidence batch key',
      'X_API_URL: points at a local twin',
    ]) {
      const line = out.split('\n').find((l) => l.includes(setting));
      expect(line, setting).toMatch(/→ \S/);
    }
    expect(out).not.toMatch(/\n\s+at /);
  });

  it('says a port it cannot listen on is a setting, not a crash', async () => {
    const { createServer } = await import('node:net');
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as { port: number }).port;
    const run = startServer({
      ...REAL_PRODUCTION_ENV,
      NODE_ENV: 'development',
      SANDBOX: 'false',
      PORT: String(port),
    });
    taken.close();
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/PORT: 127\.0\.0\.1:\d+ cannot be listened on \(EADDRINUSE\) → /);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  }, 90_000);
});
