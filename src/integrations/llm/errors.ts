import { IntegrationError, serviceErrors } from '../errors.ts';

/**
 * Typed failures of the chat-completions client. `retryable`: network trouble, 429 and 5xx may
 * pass later; a 4xx (bad key, bad request) or an answer that is not the asked-for JSON will not.
 */
export class LlmError extends IntegrationError {}

const errors = serviceErrors(LlmError, 'Llm', {
  unreachable: 'LLM endpoint',
  unexpected: 'Unexpected LLM response',
});

export class LlmNetworkError extends errors.NetworkError {}

/** A 4xx/5xx with OpenAI's `{error:{message,type,param,code}}` body when present. */
export class LlmHttpError extends errors.HttpError {
  constructor(
    status: number,
    readonly apiMessage: string,
    readonly type: string | null,
    readonly code: string | null,
  ) {
    super(status, `LLM answered ${status}${type ? ` ${type}` : ''}: ${apiMessage}`);
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

/** A 2xx whose body, message content or JSON does not have the expected shape (no URL named). */
export class LlmResponseError extends errors.ResponseError {
  constructor(detail: string) {
    super(null, detail);
  }
}
