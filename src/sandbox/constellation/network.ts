import { createHash } from 'node:crypto';
import { EMPTY_REFERENCE, type TransactionReference } from '@/integrations/constellation/index.ts';
import type { Token } from '@/shared/tokens.ts';
import type { Genesis } from './genesis.ts';

/**
 * Where the local chain's first snapshot stands. Mainnet's global snapshot ordinal is in the
 * millions, and tessellation's fee-less rate limit counts the ordinals since an address's last
 * accepted transaction, since ordinal 0 for one that never sent
 * (ContextualTransactionValidator; integrations.md §3.3): so on mainnet a small new wallet's
 * first fee-less send passes. A chain started at 0 would refuse it. A test that needs the limit
 * to bite on a first send asks for a young network (SANDBOX_CONSTELLATION_START_ORDINAL=0).
 */
export const MAINNET_LIKE_START_ORDINAL = 5_000_000n;
export const YOUNG_NETWORK_START_ORDINAL = 0n;

/** What the simulator needs to know about one token's network. */
export interface TokenNetwork {
  token: Token;
  /** null for DAG (the global L0 coin). */
  metagraphId: string | null;
  /** Receives the transaction fees at each snapshot (so the supply stays constant). */
  feeRecipient: string;
  /** Whether its L1 enforces the fee-less rate limit (integrations/constellation/fee-limit.ts). */
  feeLessLimit?: boolean;
}

export function tokenNetworks(
  genesis: Genesis,
  rules: { feeLessLimit?: boolean } = {},
): Record<Token, TokenNetwork> {
  const feeRecipient = genesis.wallets.find((w) => w.role === 'validators')?.address;
  if (!feeRecipient) throw new Error('genesis has no validators wallet for fees');
  const common = { feeRecipient, feeLessLimit: rules.feeLessLimit ?? false };
  return {
    DAG: { token: 'DAG', metagraphId: null, ...common },
    UP: { token: 'UP', metagraphId: genesis.metagraphIds.UP, ...common },
    DOR: { token: 'DOR', metagraphId: genesis.metagraphIds.DOR, ...common },
  };
}

/**
 * Last reference of an address that never sent: zeros on DAG; on a metagraph the currency L1's
 * `TransactionReference.emptyCurrency(metagraphId)` = {0, hash of the metagraph address} (here:
 * sha256 of the address string, a simplification). So a client must ask, never assume zeros.
 */
export function initialReference(network: TokenNetwork): TransactionReference {
  if (!network.metagraphId) return EMPTY_REFERENCE;
  return { ordinal: 0n, hash: createHash('sha256').update(network.metagraphId).digest('hex') };
}

/** Reference recorded for an address that only received (snapshot `lastTxRefs`): zeros. */
export const RECEIVED_ONLY_REFERENCE = EMPTY_REFERENCE;

export const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');
