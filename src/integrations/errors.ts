/**
 * The base of every client's typed failures (Constellation, Polymarket, LLM, Digital Evidence,
 * X): `retryable` says whether sending the same request again may succeed. Each client keeps its
 * own classes and names; callers test them with `instanceof` and read `retryable`.
 */
export class IntegrationError extends Error {
  readonly retryable: boolean = false;
}

/** An HTTP answer that may pass later: 429 (rate limited or out of quota) and 5xx. */
export const isRetryableStatus = (status: number) => status === 429 || status >= 500;

/** The message of a request that got no HTTP answer (refused, DNS, timeout). */
export const unreachableMessage = (service: string, url: string, cause: unknown) =>
  `${service} unreachable: ${url}: ${cause instanceof Error ? cause.message : String(cause)}`;

/** How one service names itself in its failure messages. */
export interface ServiceErrorWords {
  /** In "<unreachable> unreachable: <url>: …", e.g. 'Constellation node'. */
  unreachable: string;
  /** In "<unexpected>[ from <url>]: <detail>", e.g. 'Unexpected Polymarket response'. */
  unexpected: string;
}

/**
 * One service's failure classes, written once for every HTTP client. Under the service's own
 * base class `Base` (so `instanceof ConstellationError` catches only Constellation's):
 * - NetworkError(url, cause): no HTTP answer (refused, DNS, timeout); retryable;
 * - HttpError(status, message): a 4xx/5xx; retryable for 429 and 5xx. The client subclasses it
 *   with the fields it reads from the body and the message it builds from them;
 * - ResponseError(url, detail): a 2xx whose body is not the documented shape; never retryable
 *   (url null: the message names no address).
 * Each `.name` is the prefix and the kind ('PolymarketHttpError'). The client exports its own
 * subclass of each (`class PolymarketNetworkError extends errors.NetworkError {}`).
 */
export function serviceErrors(
  Base: typeof IntegrationError,
  prefix: string,
  words: ServiceErrorWords,
) {
  class NetworkError extends Base {
    override readonly retryable = true;
    constructor(
      readonly url: string,
      cause: unknown,
    ) {
      super(unreachableMessage(words.unreachable, url, cause), { cause });
      this.name = `${prefix}NetworkError`;
    }
  }

  class HttpError extends Base {
    override readonly retryable: boolean;
    constructor(
      readonly status: number,
      message: string,
    ) {
      super(message);
      this.name = `${prefix}HttpError`;
      this.retryable = isRetryableStatus(status);
    }
  }

  class ResponseError extends Base {
    constructor(
      readonly url: string | null,
      readonly detail: string,
    ) {
      super(`${words.unexpected}${url === null ? '' : ` from ${url}`}: ${detail}`);
      this.name = `${prefix}ResponseError`;
    }
  }

  return { NetworkError, HttpError, ResponseError };
}
