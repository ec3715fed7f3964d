import { z } from 'zod';
import { dagAddress, evmAddress } from './config-fields.ts';

/** Environment of the holder rankings: the Constellation poll, the main wallet, the Base chain (in .env.example). */
export const holdersEnvShape = {
  /** How often the holders indexer asks the UP currency L0 whether a new snapshot exists. */
  CONSTELLATION_HOLDERS_POLL_MS: z.coerce.number().int().min(100).default(5000),
  /** Main wallet (the treasury) whose live balance the overview reads from the block explorer. Sandbox: the local treasury. */
  MAIN_WALLET_ADDRESS: dagAddress.optional(),
  /** Older name of BASE_UP_CONTRACT (the UP ERC-20 on Base), still read when that is unset. */
  BASE_CONTRACT_ADDRESS: evmAddress.optional(),
  /** Base JSON-RPC endpoint. Sandbox mode: a local anvil node started with the server. */
  BASE_RPC_URL: z.url().optional(),
  /** The UP ERC-20 on Base and the block it was deployed in (the indexer starts there). */
  BASE_UP_CONTRACT: evmAddress.optional(),
  BASE_START_BLOCK: z.coerce.bigint().min(0n).optional(),
  /** The chain BASE_RPC_URL must serve: Base mainnet (8453, also the sandbox's anvil). */
  BASE_CHAIN_ID: z.coerce.number().int().positive().default(8453),
  /** Blocks behind head the Base indexer re-reads on every pass (reorg window). */
  BASE_REORG_WINDOW_BLOCKS: z.coerce.number().int().min(0).max(10_000).default(12),
  /** First eth_getLogs range in blocks; halved on a provider's range error, grown after successes. */
  BASE_LOG_CHUNK_BLOCKS: z.coerce.number().int().min(1).max(1_000_000).default(2000),
  BASE_POLL_MS: z.coerce.number().int().min(100).default(4000),
  /** Known Base holders: the Constellation Base bridge (comma-separated) and the liquidity pool. */
  BASE_BRIDGE_ADDRESSES: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean),
    )
    .pipe(z.array(evmAddress))
    .optional(),
  BASE_LIQUIDITY_POOL_ADDRESS: evmAddress.optional(),
};

const holdersEnvSchema = z.object(holdersEnvShape);
export type HoldersEnv = z.output<typeof holdersEnvSchema>;

/**
 * The UpToken the sandbox deploys on its local anvil: the first contract of anvil's first dev
 * account (nonce 0), so it is the same on every start (a test checks it against the deployer).
 */
export const SANDBOX_BASE_UP_CONTRACT = '0x5FbDB2315678afecb367f032d93F642f64180aa3';

/** The sandbox genesis's treasury (src/sandbox/constellation/genesis.json; a test keeps them equal). */
export const SANDBOX_TREASURY_ADDRESS = 'DAG0UUaqJafbfPW8teuMtjiUgnuDfoipJFyQx1fN';

/** Holder rankings: Constellation polling, the main wallet, the Base chain and its indexer. */
export function holdersConfig(env: HoldersEnv, sandbox: boolean) {
  return {
    constellationPollMs: env.CONSTELLATION_HOLDERS_POLL_MS,
    mainWalletAddress: env.MAIN_WALLET_ADDRESS ?? (sandbox ? SANDBOX_TREASURY_ADDRESS : null),
    base: {
      /** Sandbox mode without BASE_RPC_URL: the server starts anvil and fills these in. */
      rpcUrl: env.BASE_RPC_URL ?? null,
      contract: env.BASE_UP_CONTRACT ?? env.BASE_CONTRACT_ADDRESS ?? null,
      chainId: env.BASE_CHAIN_ID,
      startBlock: env.BASE_START_BLOCK ?? 0n,
      reorgWindowBlocks: env.BASE_REORG_WINDOW_BLOCKS,
      chunkBlocks: env.BASE_LOG_CHUNK_BLOCKS,
      pollMs: env.BASE_POLL_MS,
      bridgeAddresses: env.BASE_BRIDGE_ADDRESSES ?? [],
      liquidityPoolAddress: env.BASE_LIQUIDITY_POOL_ADDRESS ?? null,
    },
  };
}
