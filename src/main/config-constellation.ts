import { z } from 'zod';
import { ConfigError, dagAddress } from './config-fields.ts';

/** Environment of the Constellation client: DAG and metagraph nodes, block explorer (in .env.example). */
export const constellationEnvShape = {
  /** Constellation nodes. Sandbox mode: the local network under /sandbox/constellation; else mainnet DAG. */
  CONSTELLATION_DAG_L0_URL: z.url().optional(),
  CONSTELLATION_DAG_L1_URL: z.url().optional(),
  CONSTELLATION_BLOCK_EXPLORER_URL: z.url().optional(),
  /** A metagraph is configured when its three variables are set (none are public for UP yet). */
  CONSTELLATION_UP_L0_URL: z.url().optional(),
  CONSTELLATION_UP_L1_URL: z.url().optional(),
  CONSTELLATION_UP_METAGRAPH_ID: dagAddress.optional(),
  CONSTELLATION_DOR_L0_URL: z.url().optional(),
  CONSTELLATION_DOR_L1_URL: z.url().optional(),
  CONSTELLATION_DOR_METAGRAPH_ID: dagAddress.optional(),
  /** Snapshot interval of the local Constellation network (sandbox only). */
  SANDBOX_SNAPSHOT_INTERVAL_MS: z.coerce.number().int().min(0).default(2000),
  /**
   * Whether the local network enforces Constellation's fee-less rate limit (sandbox only).
   * Default on, except under NODE_ENV=test: there snapshots come on demand, so a test's few
   * ordinals would make every small wallet pay the network fee.
   */
  SANDBOX_FEE_LESS_LIMIT: z.enum(['on', 'off']).optional(),
  /**
   * The local chain's first snapshot ordinal (sandbox only; a new chain: an existing one keeps
   * its own). Default mainnet-like (millions), so a small new wallet's first fee-less send
   * passes as on mainnet; 0 is a young network, where the fee-less limit refuses it.
   */
  SANDBOX_CONSTELLATION_START_ORDINAL: z
    .string()
    .regex(/^\d{1,15}$/, 'a snapshot ordinal (digits)')
    .transform((s) => BigInt(s))
    .optional(),
};

const constellationEnvSchema = z.object(constellationEnvShape);
type ConstellationEnv = z.output<typeof constellationEnvSchema>;

/** The sandbox genesis's metagraph ids (src/sandbox/constellation/genesis.json; a test keeps them equal). */
export const SANDBOX_METAGRAPH_IDS = {
  UP: 'DAG5EL229iWzZBjHN5WBHyBt9BzJ9kZ8h6ccjHDp',
  DOR: 'DAG5eACnM5xBuixN5Uo4hVRD6QaiUPsx2jKyp3D7',
} as const;

/** Node and block-explorer URLs for the Constellation client (integrations.md §3.3). */
export function constellationConfig(
  env: ConstellationEnv & { NODE_ENV?: string },
  sandbox: boolean,
  publicUrl: string,
) {
  const local = `${publicUrl}/sandbox/constellation`;
  const metagraph = (token: 'UP' | 'DOR') => {
    const set = {
      l0Url: env[`CONSTELLATION_${token}_L0_URL`],
      l1Url: env[`CONSTELLATION_${token}_L1_URL`],
      metagraphId: env[`CONSTELLATION_${token}_METAGRAPH_ID`],
    };
    const lower = token.toLowerCase();
    if (sandbox) {
      return {
        l0Url: set.l0Url ?? `${local}/${lower}-l0`,
        l1Url: set.l1Url ?? `${local}/${lower}-l1`,
        metagraphId: set.metagraphId ?? SANDBOX_METAGRAPH_IDS[token],
      };
    }
    if (set.l0Url && set.l1Url && set.metagraphId)
      return { ...set } as Record<keyof typeof set, string>;
    if (set.l0Url || set.l1Url || set.metagraphId) {
      throw new ConfigError([
        `CONSTELLATION_${token}_L0_URL: _L1_URL and _METAGRAPH_ID go with it → set all three, or none`,
      ]);
    }
    return null;
  };
  return {
    dag: {
      l0Url:
        env.CONSTELLATION_DAG_L0_URL ??
        (sandbox ? `${local}/dag-l0` : 'https://l0-lb-mainnet.constellationnetwork.io'),
      l1Url:
        env.CONSTELLATION_DAG_L1_URL ??
        (sandbox ? `${local}/dag-l1` : 'https://l1-lb-mainnet.constellationnetwork.io'),
    },
    UP: metagraph('UP'),
    DOR: metagraph('DOR'),
    blockExplorerUrl:
      env.CONSTELLATION_BLOCK_EXPLORER_URL ??
      (sandbox ? `${local}/be` : 'https://be-mainnet.constellationnetwork.io'),
    snapshotIntervalMs: env.SANDBOX_SNAPSHOT_INTERVAL_MS,
    feeLessLimit: (env.SANDBOX_FEE_LESS_LIMIT ?? (env.NODE_ENV === 'test' ? 'off' : 'on')) === 'on',
    startOrdinal: env.SANDBOX_CONSTELLATION_START_ORDINAL,
  };
}
