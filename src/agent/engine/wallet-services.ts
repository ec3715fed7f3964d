import { feeTierFor } from '@/core/subscriptions/index.ts';
import {
  type FeeTier,
  getWalletBalances,
  heldAmount,
  maxSendableWithNetworkFee,
  networkFeeAtMost,
  transferFee,
} from '@/core/transfers/index.ts';
import { markClaimed, migrateHandleWallets } from '@/core/unclaimed/index.ts';
import type { Token } from '@/shared/tokens.ts';
import { moveMoney } from '../commands/send/move-money.ts';
import type { AgentDeps } from '../deps.ts';
import {
  type AgentAccess,
  type RecipientLookup,
  recipientFor,
  resolveHandle,
  walletFor,
  type XAccount,
} from './x-accounts.ts';

/**
 * The wallet side of the product as the commands call it: core's wallet, transfer and
 * subscription services, bound once to the context. Kept as one replaceable table (not a port
 * of an outside service) because integration tests hold a transfer mid-flight or move money
 * between a read and a send through it (agent-resilience, agent-edited-posts, agent-send-all).
 * Errors pass through as core throws them: a transfer's TransferError is worded once, in
 * commands/send/transfer-refusal.ts.
 */
export interface WalletServices {
  walletFor(account: XAccount): Promise<{ address: string }>;
  resolveHandle(handle: string): Promise<XAccount | null>;
  recipientFor(handle: string): Promise<RecipientLookup>;
  /** The author proved they hold their X account (a post the agent acts on): nothing held returns. */
  claimedBy(xUserId: string): Promise<void>;
  /** Legacy handle wallets (decision 0048) bound to an X id or returned; how many were closed. */
  migrateHandleWallets(): Promise<number>;
  balances(address: string): Promise<Record<Token, bigint>>;
  /** UP kept aside for paid work under way (balance holds), not in `balances`. */
  heldUp(address: string): Promise<bigint>;
  feeTier(xUserId: string): Promise<FeeTier>;
  /** Idempotent per key: a repeat returns the first result and moves nothing more. */
  transfer(req: Parameters<typeof moveMoney>[1]): ReturnType<typeof moveMoney>;
  fee(amount: bigint, tier: FeeTier): bigint;
  maxSendable(available: bigint, tier: FeeTier): bigint;
  /** The most a send of `amount` may pay the network (its fee-less limit), before the plan. */
  networkFeeAtMost(available: bigint, amount: bigint, tier: FeeTier): bigint;
}

export function bindWalletServices(ctx: AgentDeps & AgentAccess): WalletServices {
  return {
    walletFor: (account) => walletFor(ctx, account),
    resolveHandle: (handle) => resolveHandle(ctx, handle),
    recipientFor: (handle) => recipientFor(ctx, handle),
    claimedBy: (xUserId) => markClaimed(ctx.db, { xUserId, now: ctx.now() }),
    async migrateHandleWallets() {
      const done = await migrateHandleWallets(ctx, {
        lookup: async (handle) => {
          const found = await recipientFor(ctx, handle);
          if ('account' in found) return found.account;
          return found.refused === 'suspended_handle' ? 'suspended' : null;
        },
        now: ctx.now(),
        days: ctx.config.wallets.unclaimedReturnDays,
      });
      return done.size;
    },
    balances: (address) => getWalletBalances(ctx, { address }),
    heldUp: (address) => heldAmount(ctx.db, { address, token: 'UP' }),
    feeTier: (xUserId) => feeTierFor(ctx, { userId: xUserId }),
    transfer: (req) => moveMoney(ctx, req),
    fee: transferFee,
    maxSendable: maxSendableWithNetworkFee,
    networkFeeAtMost,
  };
}
