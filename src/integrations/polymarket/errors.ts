import { IntegrationError, isRetryableStatus, unreachableMessage } from '../errors.ts';

/**
 * Typed failures of the Polymarket clients. `retryable`: network trouble, 429 and 5xx may pass
 * later; a 4xx (bad signature, bad query) or a body of the wrong shape will not.
 */
export class PolymarketError extends IntegrationError {}

/** No HTTP answer (refused, DNS, timeout). */
export class PolymarketNetworkError extends PolymarketError {
  override readonly retryable = true;
  constructor(
    readonly url: string,
    cause: unknown,
  ) {
    super(unreachableMessage('Polymarket', url, cause), { cause });
    this.name = 'PolymarketNetworkError';
  }
}

/** A 4xx/5xx answer; `apiMessage` is the `{"error": "..."}` text when there is one. */
export class PolymarketHttpError extends PolymarketError {
  override readonly retryable: boolean;
  constructor(
    readonly url: string,
    readonly status: number,
    readonly apiMessage: string,
  ) {
    super(`Polymarket answered ${status} for ${url}: ${apiMessage}`);
    this.name = 'PolymarketHttpError';
    this.retryable = isRetryableStatus(status);
  }
}

/** A 2xx answer that is not the documented shape. */
export class PolymarketResponseError extends PolymarketError {
  constructor(
    readonly url: string,
    readonly detail: string,
  ) {
    super(`Unexpected Polymarket response from ${url}: ${detail}`);
    this.name = 'PolymarketResponseError';
  }
}
