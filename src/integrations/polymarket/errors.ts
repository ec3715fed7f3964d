import { IntegrationError, serviceErrors } from '../errors.ts';

/**
 * Typed failures of the Polymarket clients. `retryable`: network trouble, 429 and 5xx may pass
 * later; a 4xx (bad signature, bad query) or a body of the wrong shape will not.
 */
export class PolymarketError extends IntegrationError {}

const errors = serviceErrors(PolymarketError, 'Polymarket', {
  unreachable: 'Polymarket',
  unexpected: 'Unexpected Polymarket response',
});

/** No HTTP answer (refused, DNS, timeout). */
export class PolymarketNetworkError extends errors.NetworkError {}

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
export class PolymarketResponseError extends errors.ResponseError {}
