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
