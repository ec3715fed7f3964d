import { serviceErrors } from '../errors.ts';

const errors = serviceErrors({
  prefix: 'Polymarket',
  unreachable: 'Polymarket',
  unexpected: 'Unexpected Polymarket response',
});

/**
 * Typed failures of the Polymarket clients. `retryable`: network trouble, 429 and 5xx may pass
 * later; a 4xx (bad signature, bad query) or a body of the wrong shape will not.
 */
export const PolymarketError = errors.ServiceError;
export type PolymarketError = InstanceType<typeof PolymarketError>;

/** No HTTP answer (refused, DNS, timeout). */
export const PolymarketNetworkError = errors.NetworkError;
export type PolymarketNetworkError = InstanceType<typeof PolymarketNetworkError>;

/** A 4xx/5xx answer; `apiMessage` is the `{"error": "..."}` text when there is one. */
export class PolymarketHttpError extends errors.HttpError {
  constructor(
    readonly url: string,
    status: number,
    readonly apiMessage: string,
  ) {
    super(status, `Polymarket answered ${status} for ${url}: ${apiMessage}`);
  }
}

/** A 2xx answer that is not the documented shape. */
export const PolymarketResponseError = errors.ResponseError;
export type PolymarketResponseError = InstanceType<typeof PolymarketResponseError>;
