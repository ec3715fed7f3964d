/**
 * HOLDERS and BASE_* settings of the holder indexers. Declared in core: main's parsed config
 * satisfies it (`npx tsc` proves it where main hands over its config).
 */
export interface HolderIndexSettings {
  /** How often the UP currency L0 is asked whether a new snapshot exists. */
  constellationPollMs: number;
  base: {
    /** The chain BASE_RPC_URL must serve (`eth_chainId`): Base mainnet 8453 unless configured. */
    chainId: number;
    /** Blocks behind head re-read on every pass (reorg window). */
    reorgWindowBlocks: number;
    /** First eth_getLogs range in blocks; halved on a provider's range error. */
    chunkBlocks: number;
    pollMs: number;
  };
}
