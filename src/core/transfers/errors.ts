import { DomainError, type ErrorKind } from '../errors.ts';

export type TransferErrorCode =
  | 'insufficient_balance'
  | 'invalid_address'
  | 'invalid_handle'
  | 'amount_not_positive'
  | 'same_wallet'
  | 'unknown_token'
  | 'unknown_wallet'
  | 'invalid_request'
  | 'idempotency_conflict'
  | 'rejected_by_network';

const KIND: Record<TransferErrorCode, ErrorKind> = {
  insufficient_balance: 'refused',
  invalid_address: 'invalid',
  invalid_handle: 'invalid',
  amount_not_positive: 'invalid',
  same_wallet: 'invalid',
  unknown_token: 'invalid',
  unknown_wallet: 'not_found',
  invalid_request: 'invalid',
  idempotency_conflict: 'conflict',
  rejected_by_network: 'refused',
};

/**
 * A transfer the product refuses or the network rejected. Network trouble is not one of these:
 * ConstellationNetworkError (retryable) passes through unchanged, and the intent stays pending.
 */
export class TransferError extends DomainError<{ balance?: bigint; transferId?: string }> {
  declare readonly code: TransferErrorCode;

  constructor(
    code: TransferErrorCode,
    message: string,
    details: { balance?: bigint; transferId?: string } = {},
  ) {
    super(KIND[code], code, message, details);
    this.name = 'TransferError';
  }
}

export function insufficientBalanceMessage(available: bigint, needed: bigint) {
  return `Insufficient balance: ${available} base units available, ${needed} needed (amount + fee)`;
}

/** The balance named in an insufficient-balance message (for a replayed rejection). */
export function balanceFromMessage(message: string | null): bigint | undefined {
  const match = message && /Insufficient balance: (\d+) base units available/.exec(message);
  return match ? BigInt(match[1] as string) : undefined;
}
