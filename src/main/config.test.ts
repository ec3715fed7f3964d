import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('needs no variable: the default run is the embedded sandbox', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.sandbox).toBe(true);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicConfig.xWebUrl).toBe('http://127.0.0.1:3000/sandbox/x');
  });

  it('names every bad field at once', () => {
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', AGENT_HANDLE: '@bad handle' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const issues = (err as ConfigError).issues.join('\n');
      expect(issues).toContain('PORT');
      expect(issues).toContain('DATABASE_URL');
      expect(issues).toContain('AGENT_HANDLE');
    }
  });

  it('leaves the sandbox when X credentials are configured', () => {
    const config = loadConfig({ X_CLIENT_ID: 'id', X_CLIENT_SECRET: 'secret' });
    expect(config.sandbox).toBe(false);
    expect(config.publicConfig.xWebUrl).toBe('https://x.com');
    expect(config.publicConfig.sandboxIndexUrl).toBeNull();
  });

  it('links DAG addresses to the local explorer pages in sandbox mode, unless set explicitly', () => {
    expect(
      loadConfig({ PUBLIC_URL: 'http://localhost:4000/' }).publicConfig.dagExplorerAddressUrl,
    ).toBe('http://localhost:4000/sandbox/constellation/explorer/address/');
    const real = loadConfig({ X_CLIENT_ID: 'id', X_CLIENT_SECRET: 'secret' });
    expect(real.publicConfig.dagExplorerAddressUrl).toBe('https://mainnet.dagexplorer.io/address/');
    const explicit = loadConfig({ DAG_EXPLORER_ADDRESS_URL: 'https://explorer.example/a/' });
    expect(explicit.publicConfig.dagExplorerAddressUrl).toBe('https://explorer.example/a/');
  });
});
