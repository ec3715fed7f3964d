import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { defaultServerAddress } from '../../scripts/evidence/default-server.ts';

/*
 * `npm run evidence:verify` asks the server this environment runs (issue 43 §5), not port 3000:
 * the rule, and the real entry asking the address it computed.
 */
describe('evidence:verify default server', () => {
  it('follows PUBLIC_URL, else HOST and PORT as the server reads them', () => {
    expect(defaultServerAddress({ PUBLIC_URL: 'https://upsider.example/' })).toBe(
      'https://upsider.example',
    );
    expect(defaultServerAddress({ PORT: '4100' })).toBe('http://127.0.0.1:4100');
    expect(defaultServerAddress({ PORT: '4100', HOST: '0.0.0.0' })).toBe('http://127.0.0.1:4100');
    expect(defaultServerAddress({ HOST: 'box.lan' })).toBe('http://box.lan:3000');
    expect(defaultServerAddress({ PUBLIC_URL: '', PORT: '5000' })).toBe('http://127.0.0.1:5000');
  });

  it('the real entry asks http://127.0.0.1:$PORT when PORT is set and PUBLIC_URL is not', async () => {
    const env: Record<string, string | undefined> = { ...process.env, PORT: '1', HOST: '' };
    delete env.PUBLIC_URL;
    delete env.EVIDENCE_VERIFY_KEYS;
    const out = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'scripts/evidence-verify.ts', '1234'],
      { env },
    ).then(
      (r) => r.stdout,
      (e: { stdout: string }) => e.stdout,
    );
    expect(out).toContain('http://127.0.0.1:1/api/digital-evidence/keys did not answer');
    expect(out).not.toContain(':3000');
  });
});
