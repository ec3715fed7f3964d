import {
  createPublicClient,
  custom,
  type EIP1193RequestFn,
  erc20Abi,
  http,
  type PublicClient,
  type Transport,
} from 'viem';

/** keccak256("Transfer(address,address,uint256)") — integrations.md §4. */
export const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

/** A log as `eth_getLogs` returns it (integrations.md §4), before any checking. */
export interface RawLog {
  address?: unknown;
  topics?: unknown;
  data?: unknown;
  blockNumber?: unknown;
  transactionHash?: unknown;
  logIndex?: unknown;
  removed?: unknown;
}

export interface BaseClient {
  /** `eth_chainId`: which chain the endpoint serves. */
  getChainId(): Promise<number>;
  /** The token's `decimals()` (an `eth_call`). */
  getDecimals(contract: string): Promise<number>;
  getHead(): Promise<bigint>;
  getBlock(number: bigint): Promise<{ hash: string; time: Date }>;
  /** Raw `Transfer` logs of one contract in [fromBlock, toBlock] (one eth_getLogs call). */
  getTransferLogs(contract: string, fromBlock: bigint, toBlock: bigint): Promise<RawLog[]>;
}

const hex = (n: bigint) => `0x${n.toString(16)}`;

/**
 * Base JSON-RPC through viem: a URL (production, anvil) or any EIP-1193 request function
 * (the bench's in-process chain). Timeouts and retries of transient failures are viem's.
 */
export function createBaseClient(
  opts:
    | {
        rpcUrl: string;
        timeoutMs?: number;
        /** How to reach the URL (the sandbox's in-process fetch); the global fetch otherwise. */
        fetch?: (url: string, init?: RequestInit) => Promise<Response>;
      }
    | { request: EIP1193RequestFn },
): BaseClient {
  const transport: Transport =
    'rpcUrl' in opts
      ? http(opts.rpcUrl, {
          timeout: opts.timeoutMs ?? 10_000,
          retryCount: 1,
          fetchFn: opts.fetch && ((input, init) => opts.fetch!(String(input), init)),
        })
      : custom({ request: opts.request });
  const client: PublicClient = createPublicClient({ transport });
  return {
    getChainId: () => client.getChainId(),
    getDecimals: (contract) =>
      client.readContract({
        address: contract as `0x${string}`,
        abi: erc20Abi,
        functionName: 'decimals',
      }),
    getHead: () => client.getBlockNumber({ cacheTime: 0 }),
    async getBlock(number) {
      const block = await client.getBlock({ blockNumber: number });
      if (!block.hash) throw new Error(`block ${number} has no hash`);
      return { hash: block.hash, time: new Date(Number(block.timestamp) * 1000) };
    },
    async getTransferLogs(contract, fromBlock, toBlock) {
      // Raw request: viem's decoding would throw on one malformed log; we skip it instead.
      const logs = await client.request({
        method: 'eth_getLogs',
        params: [
          {
            address: contract as `0x${string}`,
            topics: [TRANSFER_TOPIC],
            fromBlock: hex(fromBlock) as `0x${string}`,
            toBlock: hex(toBlock) as `0x${string}`,
          },
        ],
      });
      return logs as RawLog[];
    },
  };
}
