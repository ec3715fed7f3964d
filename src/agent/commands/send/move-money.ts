import { type FeeTier, getSpendableBalance, transfer } from '@/core/transfers/index.ts';
import { holdIfUnclaimed } from '@/core/unclaimed/index.ts';
import type { Token } from '@/shared/tokens.ts';
import type { AgentDeps } from '../../deps.ts';
import { type AgentAccess, resolveHandle } from '../../engine/x-accounts.ts';

/**
 * The transfer itself (core/transfers, idempotent per key: a repeat returns the first result and
 * moves nothing more), then what the reply tells: the sender's balance once it counts (null if
 * unreadable) and, for an X account that has never signed in, when the money returns to the
 * sender unless they sign in first (decision 0048). Core's TransferError passes through.
 */
export async function moveMoney(
  ctx: AgentDeps & AgentAccess,
  req: {
    fromXUserId: string;
    to: { xUserId: string } | { address: string };
    token: Token;
    amount: bigint;
    idempotencyKey: string;
    feeTier: FeeTier;
  },
) {
  const record = await transfer(
    { ...ctx, resolveHandle: (h) => resolveHandle(ctx, h) },
    {
      from: { xUserId: req.fromXUserId },
      to: req.to,
      token: req.token,
      amount: req.amount,
      idempotencyKey: req.idempotencyKey,
      feeTier: req.feeTier,
    },
  );
  const balanceAfter = await getSpendableBalance(ctx, {
    address: record.fromAddress,
    token: req.token,
  }).catch(() => null);
  const returnsAt =
    'xUserId' in req.to
      ? await holdIfUnclaimed(ctx.db, {
          transferId: record.id,
          recipientXUserId: req.to.xUserId,
          now: ctx.now(),
          days: ctx.config.wallets.unclaimedReturnDays,
        })
      : null;
  return {
    transferId: record.id,
    amount: record.amount ?? 0n,
    fee: record.fee ?? 0n,
    /** Paid to the network on top (Constellation's fee-less rate limit); 0 when none was needed. */
    networkFee: record.networkFee,
    toAddress: record.toAddress,
    txHashes: [record.paymentHash, record.feeHash].filter((h): h is string => Boolean(h)),
    balanceAfter,
    returnsAt,
  };
}
