import { describe, expect, it } from 'vitest';
import { publicConfigSchema } from '@/shared/public-config';
import { PUBLIC_CONFIG_FIELDS, parsePublicConfig } from './public-config';

const valid = {
  productName: 'Upsider',
  agentHandle: 'UpsiderAgent',
  baseContractAddress: '0x8b3c2e4d0a6f1e9b7c5d3a1f2e4b6c8d0a2f4e61',
  xWebUrl: 'https://x.com',
  avatarUrlTemplate: 'https://unavatar.io/x/{username}?fallback=false',
  x402Url: 'https://x402.example',
  marketDataUrl: 'https://market.example',
  metagraphExplorerUrl: 'https://explorer.example/metagraphs',
  dagExplorerAddressUrl: 'https://explorer.example/address/',
  baseExplorerAddressUrl: 'https://basescan.example/address/',
  sandboxIndexUrl: null,
  mainWalletBalanceUrl: 'https://be.example/addresses/DAG0main/balance',
};

describe('parsePublicConfig', () => {
  it('checks exactly the fields of the shared schema', () => {
    expect([...PUBLIC_CONFIG_FIELDS].sort()).toEqual(Object.keys(publicConfigSchema.shape).sort());
  });

  it('accepts what the shared schema accepts and drops unknown keys', () => {
    const parsed = parsePublicConfig({ ...valid, extra: 1 });
    expect(parsed).toEqual(publicConfigSchema.parse(valid));
    expect(parsed).not.toHaveProperty('extra');
  });

  it('allows null only where the schema does', () => {
    expect(parsePublicConfig({ ...valid, sandboxIndexUrl: '/sandbox' }).sandboxIndexUrl).toBe(
      '/sandbox',
    );
    expect(() => parsePublicConfig({ ...valid, agentHandle: null })).toThrow(/agentHandle/);
  });

  it('rejects a missing field or a non-object', () => {
    const { x402Url: _, ...missing } = valid;
    expect(() => parsePublicConfig(missing)).toThrow(/x402Url/);
    expect(() => parsePublicConfig('nope')).toThrow(/not an object/);
  });
});
