import { IntegrationError, isRetryableStatus } from '../errors.ts';

/**
 * A Digital Evidence API failure. `retryable`: the service was down, slow or rate-limited (the
 * same request may succeed later); otherwise the API refused the request (bad key, invalid
 * submission, unknown hash) and repeating it will not help.
 */
export class EvidenceApiError extends IntegrationError {
  override readonly retryable: boolean;

  constructor(
    readonly status: number,
    readonly messages: string[],
    readonly path: string,
  ) {
    super(`Digital Evidence API ${status} on ${path}: ${messages.join('; ') || 'no details'}`);
    this.name = 'EvidenceApiError';
    this.retryable = status === 0 || status === 408 || isRetryableStatus(status);
  }

  get notFound() {
    return this.status === 404;
  }
}

/** The API answered 2xx with a body that does not match its documented shape. */
export class EvidenceResponseError extends IntegrationError {
  constructor(
    readonly path: string,
    detail: string,
  ) {
    super(`Digital Evidence API answered ${path} with an unexpected body: ${detail}`);
    this.name = 'EvidenceResponseError';
  }
}
