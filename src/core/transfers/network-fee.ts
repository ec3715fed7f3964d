import {
  passesFeeLessLimit,
  TRANSACTION_LIMIT,
} from '../../integrations/constellation/fee-limit.ts';
import {
  ConstellationHttpError,
  randomSalt,
  signTransactions,
  type TransactionReference,
} from '../../integrations/constellation/index.ts';
import type { Token } from '../../shared/tokens.ts';
import { maxUnits } from '../../shared/units.ts';
import { withWalletSigningKey } from '../wallets/signing-key.ts';
import { type FeeTier, maxSendable, transferFee } from './fee.ts';
import type { TransferDeps } from './types.ts';

/** What a leg pays the network when the fee-less rate limit would refuse it (0.002 token). */
export const MIN_NETWORK_FEE = TRANSACTION_LIMIT.minFeeWithoutLimit;

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
 * The network fee each leg of a plan pays: 0 while Constellation's fee-less rate limit lets all
 * of them through, else the minimum fee on every leg, so none is refused for it (a leg paying
 * it is not limited and does not count against the others). A wallet rich enough to pass even
 * one snapshot after its last transaction is not asked about (no call on the common path);
 * otherwise the node's estimate-fee is asked about the last leg as one transaction spending
 * what the legs spend together, behind the legs before it (the node counts them fee-less).
 */
export async function networkFeePerLeg(deps: TransferDeps, plan: ChainToPlan): Promise<bigint> {
  const waiting = Number(plan.parent.ordinal - plan.networkRef.ordinal);
  const ours = Array.from({ length: Math.min(waiting, 1000) }, (_, i) => ({
    amount: i === 0 ? plan.spent : 0n,
    fee: 0n,
  }));
  const chain = [...ours, ...plan.legs.map((amount) => ({ amount, fee: 0n }))];
  if (passesFeeLessLimit({ balance: plan.balance, ordinalsSince: 1n }, chain)) return 0n;
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
    // A node that cannot estimate (no such route, a refusal): pay the fee rather than be refused.
    if (err instanceof ConstellationHttpError && !err.retryable) return MIN_NETWORK_FEE;
    throw err;
  }
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
  const legs = [amount, transferFee(amount, tier)].map((a) => ({ amount: a, fee: 0n }));
  if (passesFeeLessLimit({ balance: available, ordinalsSince: 1n }, legs)) return amount;
  return maxSendable(available - 2n * MIN_NETWORK_FEE, tier);
}
