import { DomainError, type ErrorKind } from '../errors.ts';
import type { PaymentRefusalCode } from '../payments/pay-treasury.ts';

/** Why a paid purchase did not go through (nothing was charged, or the network refused it). */
export type PurchaseRefusal = PaymentRefusalCode | 'quote_expired';

/** Why a subscription could not be quoted or bought. */
export type SubscriptionErrorCode =
  | 'invalid_plan'
  | 'price_stale'
  | 'price_unavailable'
  | 'quote_not_found'
  | PurchaseRefusal;

const KIND: Record<SubscriptionErrorCode, ErrorKind> = {
  invalid_plan: 'invalid',
  quote_not_found: 'not_found',
  price_stale: 'unavailable',
  price_unavailable: 'unavailable',
  quote_expired: 'conflict',
  insufficient_funds: 'refused',
  no_wallet: 'refused',
  payment_rejected: 'refused',
};

/** A domain error whose kind follows from its code; the API maps the kind to a status. */
export class SubscriptionError extends DomainError {
  declare readonly code: SubscriptionErrorCode;

  constructor(code: SubscriptionErrorCode, message: string) {
    super(KIND[code], code, message);
    this.name = 'SubscriptionError';
  }
}
