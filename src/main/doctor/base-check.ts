import { createPublicClient, erc20Abi, http } from 'viem';

/**
 * The chain the RPC endpoint serves and the UP contract's symbol and decimals, read through
 * viem as the holder indexer reads Base: `eth_chainId` and two `eth_call`s.
 */
export async function readBaseToken(p: {
  rpcUrl: string;
  contract: string;
  expectChainId: number | null;
}) {
  const client = createPublicClient({
    transport: http(p.rpcUrl, { timeout: 10_000, retryCount: 0 }),
  });
  const address = p.contract as `0x${string}`;
  // The chain first: a contract read on the wrong chain says nothing useful.
  const chainId = await client.getChainId();
  if (p.expectChainId !== null && chainId !== p.expectChainId) {
    throw new Error(
      `chain ${chainId}, not the configured ${p.expectChainId} (Base mainnet is 8453)`,
    );
  }
  const [symbol, decimals] = await Promise.all([
    client.readContract({ address, abi: erc20Abi, functionName: 'symbol' }),
    client.readContract({ address, abi: erc20Abi, functionName: 'decimals' }),
  ]);
  return { chainId, symbol, decimals };
}
