/**
 * Transfer fee math, in base units (bigint, exact). The free tier pays 0.5% of the amount, rounded
 * UP to the next base unit: splitting a payment into dust can never avoid the fee (with floor,
 * any amount under 200 base units would be free). Premium pays nothing. Decision 0002.
 */
import { TRANSFER_FEE_BPS } from '@/shared/premium-benefits.ts';

export type FeeTier = 'free' | 'premium';

/** Fee in basis points (1/10,000) per tier, from the premium benefits table (decision 0007). */
export const FEE_BASIS_POINTS: Record<FeeTier, bigint> = {
  free: BigInt(TRANSFER_FEE_BPS.free),
  premium: BigInt(TRANSFER_FEE_BPS.premium),
};

export function transferFee(amount: bigint, tier: FeeTier): bigint {
  if (amount <= 0n) return 0n;
  const bps = FEE_BASIS_POINTS[tier];
  return (amount * bps + 9_999n) / 10_000n;
}

/**
 * 'all': the largest amount whose amount + fee fits in `available`. 0n when nothing fits.
 * amount + fee(amount) is strictly increasing, so start from the real-number solution
 * available / (1 + bps/10000) and correct by the one or two units ceil() can add.
 */
export function maxSendable(available: bigint, tier: FeeTier): bigint {
  if (available <= 0n) return 0n;
  const bps = FEE_BASIS_POINTS[tier];
  let amount = (available * 10_000n) / (10_000n + bps);
  while (amount > 0n && amount + transferFee(amount, tier) > available) amount -= 1n;
  while (amount + 1n + transferFee(amount + 1n, tier) <= available) amount += 1n;
  return amount;
}
