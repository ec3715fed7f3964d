/**
 * The domain's one error model. A service says *what kind* of refusal it is and gives a stable
 * `code` (and structured `details`, never numbers inside the message to parse back); the API layer
 * alone maps a kind to an HTTP status (api/http/error-handler.ts), the agent to a reply.
 */
export type ErrorKind =
  /** The input can never work as given. */
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  /** Conflicts with the current state (already exists, a different request with the same key). */
  | 'conflict'
  /** Understood and valid, but refused by a business rule (balance, limits, policy). */
  | 'refused'
  /** A quota or cap for a period is used up; it frees itself later. */
  | 'rate_limited'
  /** An outside service failed; trying again later may work. */
  | 'upstream_failed'
  /** Temporarily unable (busy, not running here); trying again later may work. */
  | 'unavailable';

export class DomainError<Details extends object = Record<string, unknown>> extends Error {
  constructor(
    readonly kind: ErrorKind,
    readonly code: string,
    message: string,
    readonly details: Details = {} as Details,
  ) {
    super(message);
    this.name = 'DomainError';
  }

  /**
   * The request itself can never work (bad input, not allowed, nobody or nothing by that name,
   * a key reused for another request): a queued job that meets it stops retrying and is
   * answered (db/queue isPermanentFailure, decision 0050). Refusals by a business rule, limits
   * and outside trouble may pass later, so they are retried.
   */
  get permanent(): boolean {
    return PERMANENT_KINDS.has(this.kind);
  }
}

const PERMANENT_KINDS: ReadonlySet<ErrorKind> = new Set([
  'invalid',
  'forbidden',
  'not_found',
  'conflict',
]);

export const invalid = (message: string, code = 'bad_request') =>
  new DomainError('invalid', code, message);
export const forbidden = (message: string, code = 'forbidden') =>
  new DomainError('forbidden', code, message);
export const notFound = (message = 'Not found', code = 'not_found') =>
  new DomainError('not_found', code, message);
export const conflict = (message: string, code = 'conflict') =>
  new DomainError('conflict', code, message);
export const refused = (message: string, code: string) => new DomainError('refused', code, message);
