import { sendFeesText, sendTotalText } from '@/shared/agent/send-fees.ts';
import type { Outcome, RejectReason } from '../../engine/outcome.ts';
import {
  amt,
  moved,
  type ReplyContext,
  receiptLink,
  receiptRef,
  recipient,
} from '../../replies/reply-words.ts';

/**
 * How to get the coin a send lacked: the wallet's address and the two ways money arrives (a
 * transfer from an exchange or wallet, or a tip from another user), short enough for X.
 */
const getTokens = (token: string, address: string | undefined) =>
  address
    ? ` To add ${token}, send it to your wallet ${address} from an exchange or another wallet, or ask a friend to tip you.`
    : '';

/** "Dec 29" (UTC): a date within the year ahead. */
const shortDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

export function sentReply(outcome: Extract<Outcome, { kind: 'sent' }>, ctx: ReplyContext) {
  const costs = {
    token: outcome.token,
    amount: BigInt(outcome.amount),
    fee: BigInt(outcome.fee),
    networkFee: BigInt(outcome.networkFee ?? 0),
  };
  const fee = ` (${sendFeesText(costs)})`;
  const balance =
    outcome.newBalance === null ? '' : ` Your balance: ${amt(outcome.newBalance, outcome.token)}.`;
  const tx = outcome.txHashes[0] ? ` Tx: ${ctx.explorerTxUrl}${outcome.txHashes[0]}` : '';
  // Decision 0048: the sender learns from the start when unclaimed money comes back (short:
  // the receipt has the full date and the rule).
  const held = outcome.returnsAt
    ? ` Returns ${shortDate(outcome.returnsAt)} unless ${recipient(outcome.to)} signs in.`
    : '';
  return `Sent ${moved(outcome.amount, outcome.token)} to ${recipient(outcome.to)}${fee}.${held}${balance} ${receiptLink(ctx)}${tx}`;
}

export function previewReply(outcome: Extract<Outcome, { kind: 'preview' }>, ctx: ReplyContext) {
  if (outcome.amount === 'all') {
    // Stored before previews fixed the amount: no total to state.
    return `About to send all your ${outcome.token} to ${recipient(outcome.to)}. Reply "confirm" within 10 minutes to go ahead. ${receiptRef(ctx)}`;
  }
  const costs = {
    token: outcome.token,
    amount: BigInt(outcome.amount),
    fee: BigInt(outcome.fee ?? 0),
    networkFee: BigInt(outcome.networkFeeAtMost ?? 0),
    networkFeeIsCeiling: true,
  };
  return `About to send ${moved(outcome.amount, outcome.token)} to ${recipient(outcome.to)} (${sendFeesText(costs)}): ${sendTotalText(costs)}. Reply "confirm" within 10 minutes to go ahead. ${receiptRef(ctx)}`;
}

export type SendRejectReason = Extract<
  RejectReason,
  {
    code:
      | 'insufficient_balance'
      | 'suspended_handle'
      | 'nothing_to_send'
      | 'invalid_address'
      | 'amount_not_positive'
      | 'self_send'
      | 'over_send_limit'
      | 'over_daily_limit'
      | 'paused'
      | 'transfer_failed';
  }
>;

export function sendRejection(r: SendRejectReason): string {
  switch (r.code) {
    case 'insufficient_balance':
      return `Not sent: your balance is ${amt(r.balance, r.token)}, and this needs ${moved(r.needed, r.token)} with the fees.${getTokens(r.token, r.address)}`;
    case 'suspended_handle':
      return `Not sent: @${r.handle} is suspended on X, so nobody can receive it. Nothing moved.`;
    case 'nothing_to_send':
      return `Not sent: you have no ${r.token} to send.`;
    case 'invalid_address':
      return 'Not sent: that is not a valid DAG address.';
    case 'amount_not_positive':
      return 'Not sent: the amount must be more than 0.';
    case 'self_send':
      return 'Not sent: that is your own wallet.';
    case 'over_send_limit':
      return `Not sent: the limit is ${amt(r.limit, r.token)} per send.`;
    case 'over_daily_limit':
      return `Not sent: that passes your daily limit of ${amt(r.limit, r.token)} (${amt(r.left, r.token)} left today).`;
    case 'paused':
      return 'Sends are paused for maintenance right now. Nothing moved; please try again later.';
    case 'transfer_failed':
      return `Not sent: ${r.message}`;
  }
}
