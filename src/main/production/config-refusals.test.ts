import { describe, expect, it } from 'vitest';
import { REAL_PRODUCTION_ENV } from '../../../tests/support/production-env.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { SANDBOX_METAGRAPH_IDS } from '../config-constellation.ts';
import { SANDBOX_EVIDENCE_DEFAULTS } from '../config-evidence.ts';
import { SANDBOX_BASE_UP_CONTRACT } from '../config-holders.ts';

/** The lines a production start prints, or [] when it would start. */
function refusalsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    return err.issues;
  }
}
const refusedSettings = (env: Record<string, string>) =>
  refusalsOf(env).map((line) => line.split(':')[0]);

describe('production mode settings (NODE_ENV=production)', () => {
  it('starts on real settings, and is never the sandbox', () => {
    const config = loadConfig(REAL_PRODUCTION_ENV);
    expect(config.production).toBe(true);
    expect(config.sandbox).toBe(false);
    expect(config.x.apiUrl).toBe('https://api.x.com');
  });

  it('refuses the default run, naming every missing setting at once with its fix', () => {
    const lines = refusalsOf({ NODE_ENV: 'production' });
    for (const setting of [
      'X_CLIENT_ID',
      'X_CLIENT_SECRET',
      'PUBLIC_URL',
      'CONSTELLATION_UP_L0_URL',
      'CONSTELLATION_UP_L1_URL',
      'CONSTELLATION_UP_METAGRAPH_ID',
      'BASE_RPC_URL',
      'BASE_UP_CONTRACT',
      'BASE_START_BLOCK',
      'MARKET_COIN_ID',
    ]) {
      expect(lines.some((l) => l.startsWith(`${setting}:`) && l.includes('→'))).toBe(true);
    }
  });

  it('refuses any sandbox setting or twin', () => {
    const settings = refusedSettings({
      ...REAL_PRODUCTION_ENV,
      SANDBOX: 'true',
      SANDBOX_DEMO: 'false',
      X_API_URL: 'https://upsider.example/sandbox/x',
      LLM_BASE_URL: 'https://upsider.example/sandbox/llm/v1',
      LLM_API_KEY: 'k',
    });
    expect(settings).toEqual(['SANDBOX', 'SANDBOX_DEMO', 'X_API_URL', 'LLM_BASE_URL']);
  });

  it('refuses placeholder and sandbox identities, and plain http', () => {
    expect(
      refusedSettings({ ...REAL_PRODUCTION_ENV, BASE_UP_CONTRACT: `0x${'1'.repeat(40)}` }),
    ).toEqual(['BASE_UP_CONTRACT']);
    expect(
      refusedSettings({ ...REAL_PRODUCTION_ENV, BASE_UP_CONTRACT: SANDBOX_BASE_UP_CONTRACT }),
    ).toEqual(['BASE_UP_CONTRACT']);
    expect(
      refusedSettings({
        ...REAL_PRODUCTION_ENV,
        CONSTELLATION_UP_METAGRAPH_ID: SANDBOX_METAGRAPH_IDS.UP,
      }),
    ).toEqual(['CONSTELLATION_UP_METAGRAPH_ID']);
    // The local Digital Evidence service's metagraph, in any case or with stray spaces.
    const evidence = {
      DIGITAL_EVIDENCE_API_KEY: 'key',
      DIGITAL_EVIDENCE_ORG_ID: '00000000-0000-4000-8000-0000000000a1',
      DIGITAL_EVIDENCE_TENANT_ID: '00000000-0000-4000-8000-0000000000a2',
      DIGITAL_EVIDENCE_SIGNING_KEY: 'ab'.repeat(32),
    };
    for (const id of [
      SANDBOX_EVIDENCE_DEFAULTS.metagraphId,
      ` ${SANDBOX_EVIDENCE_DEFAULTS.metagraphId.toUpperCase()} `,
    ]) {
      const lines = refusalsOf({
        ...REAL_PRODUCTION_ENV,
        ...evidence,
        DIGITAL_EVIDENCE_METAGRAPH_ID: id,
      });
      expect(lines).toEqual([expect.stringMatching(/^DIGITAL_EVIDENCE_METAGRAPH_ID: .*local/)]);
    }
    const real = { ...evidence, DIGITAL_EVIDENCE_METAGRAPH_ID: 'DAG7realEvidenceMetagraph' };
    expect(refusedSettings({ ...REAL_PRODUCTION_ENV, ...real })).toEqual([]);
    expect(
      refusedSettings({ ...REAL_PRODUCTION_ENV, PUBLIC_URL: 'http://upsider.example' }),
    ).toEqual(['PUBLIC_URL']);
  });

  it('refuses a feature switched on without its secrets', () => {
    expect(
      refusedSettings({
        ...REAL_PRODUCTION_ENV,
        X_WEBHOOK_URL: 'https://upsider.example/api/x/webhook',
      }),
    ).toEqual(['X_CONSUMER_SECRET', 'X_APP_BEARER_TOKEN']);
    expect(refusedSettings({ ...REAL_PRODUCTION_ENV, DIGITAL_EVIDENCE_API_KEY: 'key' })).toEqual([
      'DIGITAL_EVIDENCE_ORG_ID',
      'DIGITAL_EVIDENCE_TENANT_ID',
      'DIGITAL_EVIDENCE_SIGNING_KEY',
      'DIGITAL_EVIDENCE_METAGRAPH_ID',
    ]);
    expect(refusedSettings({ ...REAL_PRODUCTION_ENV, LLM_API_KEY: 'key' })).toEqual([
      'LLM_BASE_URL',
    ]);
  });

  it('refuses a webhook URL X would refuse: a port (even :443), plain http, a local host', () => {
    const push = {
      ...REAL_PRODUCTION_ENV,
      X_CONSUMER_SECRET: 'consumer-secret',
      X_APP_BEARER_TOKEN: 'app-bearer',
    };
    const refusalOf = (url: string) => refusalsOf({ ...push, X_WEBHOOK_URL: url });
    expect(refusalOf('https://upsider.example/api/x/webhook')).toEqual([]);
    expect(refusalOf('https://[2001:db8::1]/api/x/webhook')).toEqual([]);
    for (const url of [
      'https://upsider.example:8443/api/x/webhook',
      'https://upsider.example:443/api/x/webhook',
      'https://[2001:db8::1]:8443/api/x/webhook',
    ]) {
      const [line, ...more] = refusalOf(url);
      expect(more).toEqual([]);
      expect(line).toMatch(/^X_WEBHOOK_URL: includes a port .* → .*without a port/);
    }
    expect(refusalOf('http://upsider.example/api/x/webhook')[0]).toMatch(
      /^X_WEBHOOK_URL: not https/,
    );
    expect(refusalOf('https://localhost/api/x/webhook')[0]).toMatch(
      /^X_WEBHOOK_URL: not reachable from the internet/,
    );
    expect(refusalOf('off')).toEqual([]);
  });

  it('reads a URL as its server would before the sandbox check: case, percent-encoding, local hosts', () => {
    for (const [setting, url] of [
      ['X_API_URL', 'HTTP://upsider.example/sandbox/x'],
      ['X_API_URL', 'https://UPSIDER.example/SANDBOX/x'],
      ['LLM_BASE_URL', 'https://upsider.example/sand%62ox/llm/v1'],
      ['LLM_BASE_URL', 'https://upsider.example/sand%2562ox/llm/v1'],
      ['LLM_BASE_URL', 'https://upsider.example//api/..//sandbox/llm/v1'],
      ['DIGITAL_EVIDENCE_URL', 'https://LOCALHOST/evidence'],
      ['POLYMARKET_CLOB_URL', 'http://127.1:3000/clob'],
      ['X_API_URL', 'https://localhost./2'],
      ['PUBLIC_URL', 'HTTPS://LocalHost'],
    ]) {
      const lines = refusalsOf({
        ...REAL_PRODUCTION_ENV,
        LLM_API_KEY: 'k',
        LLM_BASE_URL: 'https://llm.example/v1',
        [setting as string]: url as string,
      });
      const own = lines.filter((l) => l.startsWith(`${setting}:`));
      expect(own, url).toEqual([expect.stringMatching(new RegExp(`^${setting}: points at`))]);
    }
    // Nodes, the RPC and a model server may run on the operator's own machine.
    expect(
      refusalsOf({
        ...REAL_PRODUCTION_ENV,
        LLM_API_KEY: 'k',
        LLM_BASE_URL: 'http://127.0.0.1:11434/v1',
      }),
    ).toEqual([]);
  });

  it('requires AGENT_HANDLE rather than guessing it', () => {
    const { AGENT_HANDLE: _, ...withoutHandle } = REAL_PRODUCTION_ENV;
    expect(refusedSettings(withoutHandle)).toEqual(['AGENT_HANDLE']);
  });

  it('leaves development and test runs as they were', () => {
    expect(loadConfig({}).sandbox).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test', SANDBOX: 'true' }).production).toBe(false);
  });
});
