import { IntegrationError, isRetryableStatus, unreachableMessage } from '../errors.ts';

/**
 * Typed failures of the chat-completions client. `retryable`: network trouble, 429 and 5xx may
 * pass later; a 4xx (bad key, bad request) or an answer that is not the asked-for JSON will not.
 */
export class LlmError extends IntegrationError {}

export class LlmNetworkError extends LlmError {
  override readonly retryable = true;
  constructor(url: string, cause: unknown) {
    super(unreachableMessage('LLM endpoint', url, cause), { cause });
    this.name = 'LlmNetworkError';
  }
}

/** A 4xx/5xx with OpenAI's `{error:{message,type,param,code}}` body when present. */
export class LlmHttpError extends LlmError {
  override readonly retryable: boolean;
  constructor(
    readonly status: number,
    readonly apiMessage: string,
    readonly type: string | null,
    readonly code: string | null,
  ) {
    super(`LLM answered ${status}${type ? ` ${type}` : ''}: ${apiMessage}`);
    this.name = 'LlmHttpError';
    this.retryable = isRetryableStatus(status);
  }
}

/** 429: rate limited or out of quota; `retryAfterSeconds` from the Retry-After header when sent. */
export class LlmRateLimitError extends LlmHttpError {
  constructor(
    apiMessage: string,
    type: string | null,
    code: string | null,
    readonly retryAfterSeconds: number | null,
  ) {
    super(429, apiMessage, type, code);
    this.name = 'LlmRateLimitError';
  }
}

/** A 2xx whose body, message content or JSON does not have the expected shape. */
export class LlmResponseError extends LlmError {
  constructor(readonly detail: string) {
    super(`Unexpected LLM response: ${detail}`);
    this.name = 'LlmResponseError';
  }
}
