import type { Outcome, RejectReason } from '../../engine/outcome.ts';
import { amt, type ReplyContext, receiptRef, whom } from '../../replies/reply-words.ts';

export function balanceReply(outcome: Extract<Outcome, { kind: 'balance' }>, ctx: ReplyContext) {
  const b = outcome.balances;
  const list = `${amt(b.UP, 'UP')} · ${amt(b.DAG, 'DAG')} · ${amt(b.DOR, 'DOR')}`;
  const held = outcome.heldUp
    ? ` ${amt(outcome.heldUp, 'UP')} more is held for paid work under way.`
    : '';
  return `${whom(outcome.subject)} balance: ${list}.${held} ${receiptRef(ctx)}`;
}

export const addressReply = (outcome: Extract<Outcome, { kind: 'address' }>, ctx: ReplyContext) =>
  `${whom(outcome.subject)} wallet address: ${outcome.address} ${receiptRef(ctx)}`;

/** A handle X does not know (a balance, an address or a send to it). */
export const unknownHandle = (r: Extract<RejectReason, { code: 'unknown_handle' }>) =>
  `@${r.handle} is not an X account.`;
