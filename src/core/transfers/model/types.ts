import type { Db } from '@/db/client.ts';
import type { ConstellationClient } from '@/integrations/constellation/index.ts';
import type { Logger } from '@/shared/logger.ts';
import type { Token } from '@/shared/tokens.ts';
import type { WalletAndModeConfig } from '../../wallets/wallet-settings.ts';
import type { FeeTier } from './fee.ts';

export type TransferSource = { xUserId: string } | { walletId: string };
export type TransferRecipient = { xUserId: string } | { handle: string } | { address: string };

export interface TransferParams {
  from: TransferSource;
  to: TransferRecipient;
  token: Token | string;
  /** Base units (1e8 per token), or 'all': the most that leaves room for the fee. */
  amount: bigint | 'all';
  /** The caller's id for this intent (e.g. the post that asked for it). Unique per transfer. */
  idempotencyKey: string;
  feeTier: FeeTier;
}

/**
 * Who an @handle belongs to on X at send time; null when X does not know it or the account is
 * suspended. Without it, a send to a handle is refused (decision 0048).
 */
export type ResolveHandle = (
  handle: string,
) => Promise<{ xUserId: string; username?: string } | null>;

export interface TransferDeps {
  db: Db;
  config: WalletAndModeConfig;
  logger: Logger;
  constellation: ConstellationClient;
  resolveHandle?: ResolveHandle;
}

export type TransferState = 'pending' | 'submitted' | 'confirmed' | 'rejected';
export type LegState = 'planned' | 'submitted' | 'confirmed' | 'rejected';

export interface TransferRecord {
  id: string;
  idempotencyKey: string;
  state: TransferState;
  token: Token;
  feeTier: FeeTier;
  /** Null until planned when 'all' was asked. */
  amount: bigint | null;
  fee: bigint | null;
  /** What the sender paid the network on top (its legs' fees; 0 when fee-less passed). */
  networkFee: bigint;
  fromWalletId: string;
  fromAddress: string;
  toWalletId: string | null;
  toAddress: string;
  paymentHash: string | null;
  feeHash: string | null;
  /** Why it was rejected; an insufficient balance also says what was there and what was needed. */
  error: { code: string; message: string; balance?: bigint; needed?: bigint } | null;
  createdAt: Date;
  submittedAt: Date | null;
  confirmedAt: Date | null;
  rejectedAt: Date | null;
}
