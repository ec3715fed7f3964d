import {
  ConstellationHttpError,
  passesFeeLessLimit,
  randomSalt,
  signTransactions,
  type TransactionReference,
} from '@/integrations/constellation/index.ts';
import type { Token } from '@/shared/tokens.ts';
import { maxUnits } from '@/shared/units.ts';
import { withWalletSigningKey } from '../../wallets/signing-key.ts';
import { MIN_NETWORK_FEE } from '../legs/index.ts';
import type { TransferDeps } from '../model/index.ts';
import { type FeeTier, maxSendable, transferFee } from '../model/index.ts';

export interface ChainToPlan {
  token: Token;
  source: string;
  walletId: string;
  /** The network's balance and last reference, and our legs after it (spent, head = parent). */
  balance: bigint;
  networkRef: TransactionReference;
  parent: TransactionReference;
  spent: bigint;
  /** The plan's legs (payment, then fee), chained one after the other. */
  destination: string;
  legs: bigint[];
}

/**
 * The network fee each leg of a plan pays: 0 on a network without the limit (a local one), or while Constellation's fee-less rate limit lets all
 * of them through, else the minimum fee on every leg, so none is refused for it (a leg paying
 * it is not limited and does not count against the others). A wallet rich enough to pass even
 * one snapshot after its last transaction is not asked about (no call on the common path).
 * Otherwise two answers, read at once, and the larger is paid: the node's estimate-fee (a
 * metagraph's own fee rules; a node without an estimator answers 0, as the DAG L1 does), and
 * the limit itself applied to what the network shows — the snapshots since the wallet's last
 * accepted transaction (latest ordinal − the explorer's snapshot of that transaction).
 */
export async function networkFeePerLeg(deps: TransferDeps, plan: ChainToPlan): Promise<bigint> {
  if (!deps.constellation.feeLessLimit) return 0n;
  const waiting = Number(plan.parent.ordinal - plan.networkRef.ordinal);
  const ours = Array.from({ length: Math.min(waiting, 1000) }, (_, i) => ({
    amount: i === 0 ? plan.spent : 0n,
    fee: 0n,
  }));
  const chain = [...ours, ...plan.legs.map((amount) => ({ amount, fee: 0n }))];
  if (passesFeeLessLimit({ balance: plan.balance, ordinalsSince: 1n }, chain)) return 0n;
  const [estimated, ordinalsSince] = await Promise.all([
    estimatedFee(deps, plan),
    ordinalsSinceLastAccepted(deps, plan).catch(() => 1n),
  ]);
  const byRule = passesFeeLessLimit({ balance: plan.balance, ordinalsSince }, chain)
    ? 0n
    : MIN_NETWORK_FEE;
  return maxUnits(estimated, byRule);
}

/**
 * The node's estimate for the last leg as one transaction spending what the legs spend
 * together, behind the legs before it (the node counts them fee-less).
 */
async function estimatedFee(deps: TransferDeps, plan: ChainToPlan): Promise<bigint> {
  const total = plan.legs.reduce((sum, amount) => sum + amount, 0n);
  const probe = {
    source: plan.source,
    destination: plan.destination,
    amount: total,
    fee: 0n,
    parent: { ordinal: plan.parent.ordinal + BigInt(plan.legs.length - 1), hash: plan.parent.hash },
    salt: randomSalt(),
  };
  const [signed] = await withWalletSigningKey(deps, plan.walletId, (key, publicKey) =>
    signTransactions([probe], key, publicKey),
  );
  try {
    const needed = await deps.constellation.estimateFee(plan.token, signed!);
    return needed > 0n ? maxUnits(needed, MIN_NETWORK_FEE) : 0n;
  } catch (err) {
    // A node that cannot estimate (the DAG L1 has no such route: 404): the limit read from the
    // chain decides, as for a node that answers 0.
    if (err instanceof ConstellationHttpError && !err.retryable) return 0n;
    throw err;
  }
}

/**
 * Snapshots since the source's last accepted transaction, as the limit counts them: since
 * genesis for a wallet that never sent; 1 (the strictest) while the explorer does not show that
 * transaction yet, or when either read fails (the fee is paid rather than a refusal risked).
 */
async function ordinalsSinceLastAccepted(deps: TransferDeps, plan: ChainToPlan) {
  const { token, networkRef } = plan;
  const [latest, last] = await Promise.all([
    deps.constellation.getLatestOrdinal(token),
    networkRef.ordinal === 0n
      ? null
      : deps.constellation.getExplorerTransaction(token, networkRef.hash),
  ]);
  if (networkRef.ordinal === 0n) return latest;
  return last ? latest - last.snapshotOrdinal : 1n;
}

/**
 * The most a send of `amount` may pay the network, known before the plan (the agent previews
 * it): nothing for a wallet rich enough to pass the fee-less limit whatever its last
 * transaction, else the minimum fee on each leg (the plan may find it can go fee-less).
 */
export function networkFeeAtMost(available: bigint, amount: bigint, tier: FeeTier): bigint {
  const legs = [amount, transferFee(amount, tier)].filter((a) => a > 0n);
  const chain = legs.map((a) => ({ amount: a, fee: 0n }));
  if (passesFeeLessLimit({ balance: available, ordinalsSince: 1n }, chain)) return 0n;
  return MIN_NETWORK_FEE * BigInt(legs.length);
}

/**
 * 'all' for a caller that fixes the amount before the plan (the agent previews it): the most
 * that leaves room for the transfer fee and, unless the wallet is rich enough to pass the
 * fee-less limit whatever its last transaction, the network fee on both legs. Such a wallet
 * may keep 0.004 it did not need to (the network may have let it through fee-less); the plan
 * never refuses the amount shown for want of it.
 */
export function maxSendableWithNetworkFee(available: bigint, tier: FeeTier): bigint {
  const amount = maxSendable(available, tier);
  if (networkFeeAtMost(available, amount, tier) === 0n) return amount;
  return maxSendable(available - 2n * MIN_NETWORK_FEE, tier);
}
