/** Why a subscription could not be quoted or bought. The API maps codes to HTTP statuses. */
export type SubscriptionErrorCode =
  | 'invalid_plan'
  | 'price_stale'
  | 'price_unavailable'
  | 'quote_not_found';

export class SubscriptionError extends Error {
  constructor(
    readonly code: SubscriptionErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'SubscriptionError';
  }
}
