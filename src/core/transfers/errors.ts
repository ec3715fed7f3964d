import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { AppError } from '../../api/http/errors.ts';

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

const STATUS: Record<TransferErrorCode, ContentfulStatusCode> = {
  insufficient_balance: 422,
  invalid_address: 400,
  invalid_handle: 400,
  amount_not_positive: 400,
  same_wallet: 400,
  unknown_token: 400,
  unknown_wallet: 404,
  invalid_request: 400,
  idempotency_conflict: 409,
  rejected_by_network: 422,
};

/**
 * A transfer the product refuses or the network rejected. Network trouble is not one of these:
 * ConstellationNetworkError (retryable) passes through unchanged, and the intent stays pending.
 */
export class TransferError extends AppError {
  declare readonly code: TransferErrorCode;

  constructor(
    code: TransferErrorCode,
    message: string,
    readonly details: { balance?: bigint; transferId?: string } = {},
  ) {
    super(STATUS[code], code, message);
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
