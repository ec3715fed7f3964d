import { IntegrationError, serviceErrors } from '../errors.ts';

/**
 * Typed failures of the Constellation client. `retryable` says whether sending the same request
 * again may succeed: network trouble and 5xx/429 yes; a 4xx rejection (bad signature,
 * InsufficientBalance, ...) or an unexpected body no.
 */
export class ConstellationError extends IntegrationError {}

const errors = serviceErrors(ConstellationError, 'Constellation', {
  unreachable: 'Constellation node',
  unexpected: 'Unexpected response',
});

/** The request never got an HTTP answer (connection refused, DNS, timeout). */
export class ConstellationNetworkError extends errors.NetworkError {}

/** A node answered with 4xx/5xx. `errorName` is e.g. 'InsufficientBalance' (from the first error). */
export class ConstellationHttpError extends errors.HttpError {
  constructor(
    readonly url: string,
    status: number,
    readonly nodeMessage: string,
    readonly errorName: string | null,
  ) {
    super(status, `Constellation node answered ${status} for ${url}: ${nodeMessage}`);
  }
}

/** A 2xx answer whose body does not have the documented shape. */
export class ConstellationResponseError extends errors.ResponseError {}

/** A call for a network that has no URLs configured (e.g. a metagraph in production). */
export class ConstellationConfigError extends ConstellationError {
  constructor(message: string) {
    super(message);
    this.name = 'ConstellationConfigError';
  }
}

/**
 * Node error bodies: L1 `{"errors":[{"message":"InsufficientBalance(10,5)"}]}`, block explorer
 * `{"message":"Not found","errors":[]}`, snapshot routes `{"message":"Node is not ready yet"}`.
 * The name is the leading identifier of the first error message.
 */
export function parseNodeError(body: string): { nodeMessage: string; errorName: string | null } {
  let message = body.slice(0, 500);
  try {
    const json = JSON.parse(body) as { errors?: { message?: unknown }[]; message?: unknown };
    const first = json.errors?.[0]?.message;
    if (typeof first === 'string') message = first;
    else if (typeof json.message === 'string') message = json.message;
  } catch {
    // Not JSON: keep the raw text.
  }
  const name = /^([A-Z][A-Za-z0-9]*)(?=$|[({])/.exec(message.trim());
  return { nodeMessage: message, errorName: name ? (name[1] as string) : null };
}
