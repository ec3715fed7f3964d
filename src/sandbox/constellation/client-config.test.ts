import { describe, expect, it } from 'vitest';
import { loadConfig } from '@/main/config.ts';
import { PRODUCTION_SITE_ENV } from '../../../tests/support/production-env.ts';
import { sandboxConstellationClientConfig } from './client-config.ts';

describe('product config in sandbox mode', () => {
  it('points the Constellation client at exactly the simulator (URLs and metagraph ids)', () => {
    const config = loadConfig({ PUBLIC_URL: 'http://127.0.0.1:4321' });
    const { snapshotIntervalMs, ...client } = config.constellation;
    // The client knows the local network enforces the fee-less limit, as the network does.
    expect(client).toEqual(
      sandboxConstellationClientConfig('http://127.0.0.1:4321', { feeLessLimit: true }),
    );
    expect(snapshotIntervalMs).toBe(2000);
  });

  it('enforces the fee-less rate limit unless turned off (off by default under NODE_ENV=test)', () => {
    const limit = (env: Record<string, string>) => loadConfig(env).constellation.feeLessLimit;
    expect(limit({ NODE_ENV: 'test' })).toBe(false);
    expect(limit({ NODE_ENV: 'test', SANDBOX_FEE_LESS_LIMIT: 'on' })).toBe(true);
    expect(limit({ SANDBOX_FEE_LESS_LIMIT: 'off' })).toBe(false);
  });

  it('uses mainnet DAG nodes and no metagraph outside the sandbox, unless configured', () => {
    const prod = loadConfig({
      X_CLIENT_ID: 'id',
      X_CLIENT_SECRET: 's',
      ...PRODUCTION_SITE_ENV,
    }).constellation;
    expect(prod.dag.l1Url).toBe('https://l1-lb-mainnet.constellationnetwork.io');
    expect(prod.UP).toBeNull();
    const withUp = loadConfig({
      X_CLIENT_ID: 'id',
      X_CLIENT_SECRET: 's',
      ...PRODUCTION_SITE_ENV,
      CONSTELLATION_UP_L0_URL: 'https://up-l0.example',
      CONSTELLATION_UP_L1_URL: 'https://up-l1.example',
      CONSTELLATION_UP_METAGRAPH_ID: 'DAG5EL229iWzZBjHN5WBHyBt9BzJ9kZ8h6ccjHDp',
    }).constellation;
    expect(withUp.UP?.l1Url).toBe('https://up-l1.example');
    expect(() =>
      loadConfig({
        X_CLIENT_ID: 'id',
        X_CLIENT_SECRET: 's',
        ...PRODUCTION_SITE_ENV,
        CONSTELLATION_UP_L0_URL: 'https://x.example',
      }),
    ).toThrow(/go with it → set all three, or none/);
  });
});
