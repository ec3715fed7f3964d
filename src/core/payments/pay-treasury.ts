import { TRANSACTION_LIMIT } from '@/integrations/constellation/index.ts';
import { formatTokenAmount, formatTokenAmountExact } from '@/shared/units.ts';
import { type TransferDeps, TransferError, transfer } from '../transfers/index.ts';
import { getWalletBySystemRole } from '../wallets/index.ts';

/** A refusal names amounts as every page displays them (two decimals; nothing moved). */
const shown = (units: bigint) => formatTokenAmount(units);

export type PaymentRefusalCode = 'insufficient_funds' | 'no_wallet' | 'payment_rejected';
export type PaymentOutcome =
  | { ok: true; transferId: string; state: 'pending' | 'submitted' | 'confirmed' }
  | { ok: false; code: PaymentRefusalCode; message: string; transferId?: string };

/**
 * Pays `amount` UP from the user's custodial wallet to the treasury through the transfer service.
 * The product's own charges carry no transfer fee (the price is the price). The same key always
 * names the same payment: a replay never pays twice. Refusals (funds, no wallet, network
 * rejection) come back as values and move nothing; network trouble throws (retry with the key).
 */
export async function payTreasury(
  deps: TransferDeps,
  p: { userId: string; amount: bigint; idempotencyKey: string },
): Promise<PaymentOutcome> {
  const treasury = await getWalletBySystemRole(deps, { role: 'treasury' });
  if (!treasury) throw new Error('the treasury wallet is not provisioned');
  try {
    const record = await transfer(deps, {
      from: { xUserId: p.userId },
      to: { address: treasury.dagAddress },
      token: 'UP',
      amount: p.amount,
      idempotencyKey: p.idempotencyKey,
      feeTier: 'premium',
    });
    return { ok: true, transferId: record.id, state: record.state as 'submitted' };
  } catch (err) {
    if (!(err instanceof TransferError)) throw err;
    const transferId = err.details.transferId;
    if (err.code === 'insufficient_balance') {
      // What the plan needed beyond the price is the network's fee (a charge has no transfer fee).
      const needed = err.details.needed ?? p.amount;
      const networkFee = needed > p.amount ? needed - p.amount : 0n;
      const message = notEnoughUpMessage(p.amount, err.details.balance, networkFee);
      return { ok: false, code: 'insufficient_funds', message, transferId };
    }
    if (err.code === 'unknown_wallet') {
      return { ok: false, code: 'no_wallet', message: 'You do not have a wallet yet', transferId };
    }
    if (err.code === 'rejected_by_network') {
      return { ok: false, code: 'payment_rejected', message: err.message, transferId };
    }
    throw err;
  }
}

/**
 * The most a charge (one leg to the treasury: the product's charges carry no transfer fee) can
 * pay the network on top of its price: the minimum fee, on a network with the fee-less rate
 * limit, where spending a wallet down to nothing, or a second fee-less send within a few
 * snapshots, needs it. A hold covers price + this, so a held use can always be charged
 * (decision 0050); what the charge does not take goes back to the wallet with the hold.
 */
export function chargeNetworkFeeAtMost(deps: Pick<TransferDeps, 'constellation'>): bigint {
  return deps.constellation.feeLessLimit ? TRANSACTION_LIMIT.minFeeWithoutLimit : 0n;
}

/**
 * What a payment refused for want of UP says: the price, the network fee it may need on top
 * (exact: 0.002 would read 0.00 rounded) and, when known, what the wallet has.
 */
export function notEnoughUpMessage(price: bigint, has: bigint | undefined, networkFee = 0n) {
  const cost =
    networkFee > 0n
      ? `${shown(price)} UP plus up to ${formatTokenAmountExact(networkFee)} UP network fee`
      : `${shown(price)} UP`;
  return has === undefined
    ? `Not enough UP: this costs ${cost}. Nothing was charged.`
    : `Not enough UP: your wallet has ${shown(has)} UP and this costs ${cost}. Nothing was charged.`;
}
