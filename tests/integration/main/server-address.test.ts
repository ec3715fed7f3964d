import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { serverAddress } from '@/shared/server-address.ts';
import { type ChildEntry, nodeArgs } from '../../support/node-entry.ts';

/*
 * `npm run evidence:verify` and `npm run doctor` ask the server this environment runs (issue 43
 * §5), not port 3000: the one rule, and each real entry asking the address it computed.
 */
const emptyDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'upsider-address-'));
afterAll(() => fs.rmSync(emptyDataDir, { recursive: true, force: true }));

/** The real entry's stdout, run with PORT=1 (nothing listens there) and no PUBLIC_URL. */
async function stdoutOf(script: ChildEntry, args: string[], extra: Record<string, string> = {}) {
  const env: Record<string, string | undefined> = { ...process.env, PORT: '1', HOST: '', ...extra };
  delete env.PUBLIC_URL;
  delete env.EVIDENCE_VERIFY_KEYS;
  return promisify(execFile)(process.execPath, nodeArgs(script, ...args), { env }).then(
    (r) => r.stdout,
    (e: { stdout: string }) => e.stdout,
  );
}

describe('the default server address of the command-line tools', () => {
  it('follows PUBLIC_URL, else HOST and PORT as the server reads them', () => {
    expect(serverAddress({ PUBLIC_URL: 'https://upsider.example/' })).toBe(
      'https://upsider.example',
    );
    expect(serverAddress({ PORT: '4100' })).toBe('http://127.0.0.1:4100');
    expect(serverAddress({ PORT: 4100, HOST: '0.0.0.0' })).toBe('http://127.0.0.1:4100');
    expect(serverAddress({ PORT: '4100', HOST: '::' })).toBe('http://127.0.0.1:4100');
    expect(serverAddress({ HOST: '::1' })).toBe('http://[::1]:3000');
    expect(serverAddress({ HOST: 'box.lan' })).toBe('http://box.lan:3000');
    expect(serverAddress({ PUBLIC_URL: '', PORT: '5000' })).toBe('http://127.0.0.1:5000');
  });

  it('evidence:verify asks http://127.0.0.1:$PORT when PORT is set and PUBLIC_URL is not', async () => {
    const out = await stdoutOf('scripts/evidence-verify.ts', ['1234']);
    expect(out).toContain('http://127.0.0.1:1/api/digital-evidence/keys did not answer');
    expect(out).not.toContain(':3000');
  });

  it('doctor checks the sandbox twins of the server on HOST=0.0.0.0 PORT=1 at 127.0.0.1:1', async () => {
    const out = await stdoutOf('src/main/doctor-cli.ts', [], {
      HOST: '0.0.0.0',
      DATA_DIR: emptyDataDir,
      SANDBOX: 'true',
    });
    expect(out).toContain('(http://127.0.0.1:1/sandbox/x/2/users/me)');
    expect(out).toContain('(http://127.0.0.1:1/sandbox/constellation/dag-l0)');
    expect(out).not.toContain(':3000');
    expect(out).not.toContain('0.0.0.0');
  });
});
