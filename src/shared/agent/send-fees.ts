import { formatTokenAmountExact } from '../units.ts';

/**
 * The one wording of what a send costs, used by the preview, the reply and the receipt (issue 43
 * §3): "fee 0.5 UP, network fee 0.004 UP" and the total debited. Exact figures (trailing zeros
 * trimmed, 2 to 8 decimals) so the parts add up to the total as written.
 */
export interface SendCost {
  token: string;
  amount: bigint;
  /** The 0.5% transfer fee (0 for premium). */
  fee: bigint;
  networkFee: bigint;
  /** A preview: the network fee is the most it may take, not what it took. */
  networkFeeIsCeiling?: boolean;
}

const money = (units: bigint, token: string) => `${formatTokenAmountExact(units)} ${token}`;

/** "fee 0.5 UP, network fee up to 0.004 UP", or "no fee". */
export function sendFeesText(c: SendCost): string {
  const parts = [
    c.fee > 0n ? `fee ${money(c.fee, c.token)}` : null,
    c.networkFee > 0n
      ? `network fee ${c.networkFeeIsCeiling ? 'up to ' : ''}${money(c.networkFee, c.token)}`
      : null,
  ].filter((part) => part !== null);
  return parts.length > 0 ? parts.join(', ') : 'no fee';
}

/** What leaves the sender's wallet: amount, fee and network fee (at most, for a preview). */
export const sendTotal = (c: SendCost): bigint => c.amount + c.fee + c.networkFee;

/** "100.504 UP in all" ("at most" for a preview whose network fee may not be taken). */
export function sendTotalText(c: SendCost): string {
  const atMost = c.networkFeeIsCeiling && c.networkFee > 0n ? 'at most ' : '';
  return `${atMost}${money(sendTotal(c), c.token)} in all`;
}
