import type { BaseClient } from '@/integrations/base/client.ts';

/** The RPC endpoint serves another chain than the configured one: nothing it says is indexed. */
export class BaseWrongChainError extends Error {
  constructor(
    readonly expected: number,
    readonly actual: number,
  ) {
    super(
      `BASE_RPC_URL serves chain ${actual}, not the configured ${expected} (Base mainnet is 8453): point BASE_RPC_URL at that chain or set BASE_CHAIN_ID`,
    );
    this.name = 'BaseWrongChainError';
  }
}

/**
 * What the indexer needs to know before reading a single log: that the endpoint serves the
 * configured chain (a testnet or another L2 at the same URL would rank strangers' balances),
 * and how many decimals the token has, as the contract says (never assumed).
 */
export async function readBaseToken(
  client: Pick<BaseClient, 'getChainId' | 'getDecimals'>,
  p: { contract: string; chainId: number },
): Promise<{ decimals: number }> {
  const actual = await client.getChainId();
  if (actual !== p.chainId) throw new BaseWrongChainError(p.chainId, actual);
  const decimals = await client.getDecimals(p.contract);
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 77) {
    throw new Error(`${p.contract} answered decimals() = ${decimals}, not an ERC-20's uint8`);
  }
  return { decimals };
}
