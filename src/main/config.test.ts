import { describe, expect, it } from 'vitest';
import { avatarUrl } from '@/shared/x-links.ts';
import { PRODUCTION_SITE_ENV } from '../../tests/support/production-env.ts';
import { ConfigError, loadConfig } from './config.ts';
import { SANDBOX_BASE_UP_CONTRACT } from './config-holders.ts';

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
    const config = loadConfig({
      X_CLIENT_ID: 'id',
      X_CLIENT_SECRET: 'secret',
      ...PRODUCTION_SITE_ENV,
    });
    expect(config.sandbox).toBe(false);
    expect(config.publicConfig.xWebUrl).toBe('https://x.com');
    expect(config.publicConfig.sandboxIndexUrl).toBeNull();
  });

  it('uses the market twin’s coin id only in the sandbox; elsewhere MARKET_COIN_ID or none', () => {
    expect(loadConfig({}).market.coinId).toBe('upsider');
    const live = { X_CLIENT_ID: 'id', X_CLIENT_SECRET: 'secret', ...PRODUCTION_SITE_ENV };
    expect(loadConfig(live).market.coinId).toBeNull();
    expect(loadConfig({ ...live, MARKET_COIN_ID: 'up-token' }).market.coinId).toBe('up-token');
  });

  it('never guesses production settings: outside sandbox mode the missing ones are named', () => {
    try {
      loadConfig({ X_CLIENT_ID: 'id', X_CLIENT_SECRET: 'secret' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const issues = (err as ConfigError).issues.join('\n');
      for (const name of ['BASE_UP_CONTRACT', 'X402_URL', 'MARKET_DATA_URL']) {
        expect(issues).toContain(name);
      }
    }
    const real = loadConfig({
      X_CLIENT_ID: 'id',
      X_CLIENT_SECRET: 'secret',
      ...PRODUCTION_SITE_ENV,
    });
    expect(real.publicConfig.baseContractAddress).toBe(PRODUCTION_SITE_ENV.BASE_UP_CONTRACT);
    // The older variable name still works.
    const old = loadConfig({
      X_CLIENT_ID: 'id',
      X_CLIENT_SECRET: 'secret',
      ...PRODUCTION_SITE_ENV,
      BASE_UP_CONTRACT: undefined,
      BASE_CONTRACT_ADDRESS: '0x2222222222222222222222222222222222222222',
    });
    expect(old.publicConfig.baseContractAddress).toBe('0x2222222222222222222222222222222222222222');
  });

  it('shows the sandbox values in sandbox mode: the local chain contract and market page', () => {
    const c = loadConfig({}).publicConfig;
    expect(c.baseContractAddress).toBe(SANDBOX_BASE_UP_CONTRACT);
    expect(c.marketDataUrl).toBe('http://127.0.0.1:3000/sandbox/market');
  });

  it('links the metagraph explorer to the local explorer in sandbox mode, unless set explicitly', () => {
    expect(
      loadConfig({ PUBLIC_URL: 'http://localhost:4000' }).publicConfig.metagraphExplorerUrl,
    ).toBe('http://localhost:4000/sandbox/constellation/explorer/metagraphs');
    const real = loadConfig({
      X_CLIENT_ID: 'id',
      X_CLIENT_SECRET: 'secret',
      ...PRODUCTION_SITE_ENV,
    });
    expect(real.publicConfig.metagraphExplorerUrl).toBe(
      'https://mainnet.dagexplorer.io/metagraphs',
    );
    const explicit = loadConfig({ METAGRAPH_EXPLORER_URL: 'https://explorer.example/m' });
    expect(explicit.publicConfig.metagraphExplorerUrl).toBe('https://explorer.example/m');
  });

  it('links DAG addresses to the local explorer pages in sandbox mode, unless set explicitly', () => {
    expect(
      loadConfig({ PUBLIC_URL: 'http://localhost:4000/' }).publicConfig.dagExplorerAddressUrl,
    ).toBe('http://localhost:4000/sandbox/constellation/explorer/address/');
    const real = loadConfig({
      X_CLIENT_ID: 'id',
      X_CLIENT_SECRET: 'secret',
      ...PRODUCTION_SITE_ENV,
    });
    expect(real.publicConfig.dagExplorerAddressUrl).toBe('https://mainnet.dagexplorer.io/address/');
    const explicit = loadConfig({ DAG_EXPLORER_ADDRESS_URL: 'https://explorer.example/a/' });
    expect(explicit.publicConfig.dagExplorerAddressUrl).toBe('https://explorer.example/a/');
  });

  it('takes avatars from the local X in sandbox mode and from unavatar.io in production', () => {
    const local = loadConfig({ PUBLIC_URL: 'http://localhost:4000' }).publicConfig;
    expect(avatarUrl(local, 'alice_1')).toBe('http://localhost:4000/sandbox/x/avatars/alice_1.svg');
    const real = loadConfig({
      X_CLIENT_ID: 'id',
      X_CLIENT_SECRET: 'secret',
      ...PRODUCTION_SITE_ENV,
    });
    expect(avatarUrl(real.publicConfig, 'alice_1')).toBe(
      'https://unavatar.io/x/alice_1?fallback=false',
    );
    const set = { AVATAR_URL_TEMPLATE: 'https://img.example/u/{username}.png' };
    expect(avatarUrl(loadConfig(set).publicConfig, 'bob')).toBe('https://img.example/u/bob.png');
    expect(() => loadConfig({ AVATAR_URL_TEMPLATE: 'https://img.example/u/' })).toThrow(
      /AVATAR_URL_TEMPLATE/,
    );
  });
});
