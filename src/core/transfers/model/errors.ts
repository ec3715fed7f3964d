import { DomainError, type ErrorKind } from '../../errors.ts';

export type TransferErrorCode =
  | 'insufficient_balance'
  | 'invalid_address'
  | 'invalid_handle'
  | 'unknown_handle'
  | 'amount_not_positive'
  | 'same_wallet'
  | 'unknown_token'
  | 'unknown_wallet'
  | 'invalid_request'
  | 'idempotency_conflict'
  | 'limited_by_network'
  | 'rejected_by_network';

const KIND: Record<TransferErrorCode, ErrorKind> = {
  insufficient_balance: 'refused',
  invalid_address: 'invalid',
  invalid_handle: 'invalid',
  /** X does not know the handle, or the account is suspended (decision 0048). */
  unknown_handle: 'invalid',
  amount_not_positive: 'invalid',
  same_wallet: 'invalid',
  unknown_token: 'invalid',
  unknown_wallet: 'not_found',
  invalid_request: 'invalid',
  idempotency_conflict: 'conflict',
  /** The network's fee-less rate limit refused it even with the minimum fee paid once more. */
  limited_by_network: 'refused',
  rejected_by_network: 'refused',
};

/** `balance` and `needed` (amount + fee) come with an insufficient balance, in base units. */
export interface TransferErrorDetails {
  balance?: bigint;
  needed?: bigint;
  transferId?: string;
}

/**
 * A transfer the product refuses or the network rejected. Network trouble is not one of these:
 * ConstellationNetworkError (retryable) passes through unchanged, and the intent stays pending.
 */
export class TransferError extends DomainError<TransferErrorDetails> {
  declare readonly code: TransferErrorCode;

  constructor(code: TransferErrorCode, message: string, details: TransferErrorDetails = {}) {
    super(KIND[code], code, message, details);
    this.name = 'TransferError';
  }
}

export function insufficientBalanceMessage(available: bigint, needed: bigint) {
  return `Insufficient balance: ${available} base units available, ${needed} needed (amount + fee)`;
}
