/** The tokens a wallet holds on Constellation: $DAG (the L0 coin) and two metagraph tokens. */
export const TOKENS = ['DAG', 'UP', 'DOR'] as const;
export type Token = (typeof TOKENS)[number];

/** Every token uses 8 decimals: 1 token = 100,000,000 base units. */
export const UNITS_PER_TOKEN = 100_000_000n;
