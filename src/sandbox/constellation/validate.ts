import type { TransactionReference, TransactionValue } from '@/integrations/constellation/index.ts';
import { passesFeeLessLimit } from '@/integrations/constellation/index.ts';

/** An address's balance and last accepted reference (ledger.ts reads it). */
export interface AccountState {
  balance: bigint;
  lastRef: TransactionReference;
}

/** A rejection as a node reports it: `{"errors":[{"message":"Name(arg,arg)"}]}`. */
export interface NodeRejection {
  name: string;
  args: (string | bigint)[];
}

export const rejection = (name: string, ...args: (string | bigint)[]): NodeRejection => ({
  name,
  args,
});
export const rejectionMessage = (r: NodeRejection) =>
  r.args.length ? `${r.name}(${r.args.join(',')})` : r.name;

export interface WaitingEntry {
  hash: string;
  parentOrdinal: bigint;
  amount: bigint;
  fee: bigint;
}

/**
 * The contextual checks of a currency/DAG L1 (tessellation ContextualTransactionValidator +
 * TransactionStorage), given the source's account and its waiting chain (oldest first):
 * - the parent must be the last accepted reference or the tip of the waiting chain;
 *   older → ParentOrdinalLowerThenLastProcessedTxOrdinal, unknown → HasNoMatchingParent,
 *   a waiting tx already at that ordinal → Conflict(ordinal, existingHash, newHash)
 *   (the real node lets a higher fee replace it; the simulator does not);
 * - the balance minus everything already waiting must cover amount + fee → InsufficientBalance;
 * - when `ordinalsSince` is given (snapshot ordinals since the source's last accepted
 *   transaction), the fee-less rate limit (fee-limit.ts) → TransactionLimited(ref, fee).
 * Signature, ownership and source ≠ destination are checked before (stateless).
 */
export function validateAgainstLedger(
  value: TransactionValue,
  hash: string,
  account: AccountState,
  chain: WaitingEntry[],
  ordinalsSince?: bigint,
): NodeRejection | null {
  const { parent } = value;
  const last = account.lastRef;
  if (parent.ordinal < last.ordinal) {
    return rejection('ParentOrdinalLowerThenLastProcessedTxOrdinal', parent.ordinal, last.ordinal);
  }
  const refs = [last, ...chain.map((w) => ({ ordinal: w.parentOrdinal + 1n, hash: w.hash }))];
  const index = refs.findIndex((r) => r.ordinal === parent.ordinal && r.hash === parent.hash);
  if (index < 0) return rejection('HasNoMatchingParent', parent.hash);
  if (index < refs.length - 1) {
    const existing = chain[index] as WaitingEntry;
    return rejection('Conflict', parent.ordinal + 1n, existing.hash, hash);
  }
  const pending = chain.reduce((sum, w) => sum + w.amount + w.fee, 0n);
  const available = account.balance - pending;
  if (value.amount + value.fee > available) {
    return rejection(
      'InsufficientBalance',
      value.amount + value.fee,
      available < 0n ? 0n : available,
    );
  }
  if (
    ordinalsSince !== undefined &&
    !passesFeeLessLimit({ balance: account.balance, ordinalsSince }, [...chain, value])
  ) {
    const ref = `TransactionReference(${parent.ordinal + 1n},${hash})`;
    return rejection('TransactionLimited', ref, value.fee);
  }
  return null;
}
