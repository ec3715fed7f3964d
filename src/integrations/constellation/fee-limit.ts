/**
 * The fee-less rate limit of DAG and currency L1 nodes (tessellation `transaction-limit` in
 * dag-l1.conf, also loaded by currency L1; ContextualTransactionValidator): a fee-less
 * transaction uses up cap = (20 h / 43 s) / (balance / base balance) / ordinals since the
 * address's last accepted transaction; a chain of them is accepted while the cumulative cap stays
 * ≤ 1 and the balance left stays > 0. A fee of at least `minFeeWithoutLimit` is not limited.
 * One place for the rule: the local network enforces it and the product plans fees with it.
 */
export const TRANSACTION_LIMIT = {
  /** 1 token in base units: the balance whose fee-less allowance is one per `ordinalsPerBase`. */
  baseBalance: 100_000_000n,
  /** floor(20 h / 43 s): time-to-wait-for-base-balance over time-trigger-interval. */
  ordinalsPerBase: 1674n,
  /** 0.002 token: a fee from this up bypasses the limit. */
  minFeeWithoutLimit: 200_000n,
} as const;

/** What the rule reads of an address. */
export interface LimitState {
  /** Its balance in the latest snapshot (base units). */
  balance: bigint;
  /** Snapshot ordinals since its last accepted transaction (since genesis when it has none). */
  ordinalsSince: bigint;
}

export interface LimitedTransaction {
  amount: bigint;
  fee: bigint;
}

/**
 * Whether the LAST of `chain` (the address's transactions not yet in a snapshot, oldest first,
 * then the one asked about) is accepted. Exact: each fee-less cap is the same fraction
 * ordinalsPerBase·baseBalance / (balance·ordinals), so k of them fit while
 * k·ordinalsPerBase·baseBalance ≤ balance·ordinals.
 */
export function passesFeeLessLimit(state: LimitState, chain: LimitedTransaction[]): boolean {
  const last = chain[chain.length - 1];
  if (!last || last.fee >= TRANSACTION_LIMIT.minFeeWithoutLimit) return true;
  const { baseBalance, ordinalsPerBase, minFeeWithoutLimit } = TRANSACTION_LIMIT;
  const feeLess = BigInt(chain.filter((t) => t.fee < minFeeWithoutLimit).length);
  const ordinals = state.ordinalsSince > 1n ? state.ordinalsSince : 1n;
  const spent = chain.reduce((sum, t) => sum + t.amount + t.fee, 0n);
  return (
    feeLess * ordinalsPerBase * baseBalance <= state.balance * ordinals &&
    state.balance - spent > 0n
  );
}

/** The network fee the last of `chain` needs: 0 when fee-less passes, else the minimum fee. */
export function networkFeeNeeded(state: LimitState, chain: LimitedTransaction[]): bigint {
  const last = chain[chain.length - 1];
  if (!last) return 0n;
  const feeLess = [...chain.slice(0, -1), { ...last, fee: 0n }];
  return passesFeeLessLimit(state, feeLess) ? 0n : TRANSACTION_LIMIT.minFeeWithoutLimit;
}
