import { describe, expect, it } from 'vitest';
import docs from '@/integrations/base/fixtures/base-docs-rpc.json' with { type: 'json' };
import { BaseWrongChainError, readBaseToken } from './base-token.ts';

const USDC = docs.getLogsParams[0]!.address;

/** Answers as docs.base.org's examples do (eth_chainId, eth_call decimals of USDC). */
function node(chainId: string, decimals = docs.decimalsResult.result) {
  const asked: string[] = [];
  return {
    asked,
    getChainId: async () => {
      asked.push('eth_chainId');
      return Number(chainId);
    },
    getDecimals: async () => {
      asked.push('decimals');
      return Number(decimals);
    },
  };
}

describe('readBaseToken', () => {
  it('refuses a node on another chain before reading the token', async () => {
    const sepolia = node(docs.chainIdSepolia.result);
    const err = await readBaseToken(sepolia, { contract: USDC, chainId: 8453 }).catch((e) => e);
    expect(err).toBeInstanceOf(BaseWrongChainError);
    expect(err.message).toMatch(/serves chain 84532, not the configured 8453/);
    expect(sepolia.asked).toEqual(['eth_chainId']);
  });

  it('reads the decimals the contract answers on the configured chain', async () => {
    const mainnet = node(docs.chainIdMainnet.result);
    await expect(readBaseToken(mainnet, { contract: USDC, chainId: 8453 })).resolves.toEqual({
      decimals: 6,
    });
  });
});
