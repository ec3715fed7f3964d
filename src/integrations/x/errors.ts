import { IntegrationError, isRetryableStatus } from '../errors.ts';
import type { RateLimit } from './rate-limit.ts';

/**
 * X's usage cap (problem type …/problems/usage-capped, title UsageCapExceeded): the app's
 * Daily or Monthly allowance is spent. Unlike a rate limit it does not lift when the 15-minute
 * window resets (the x-rate-limit-* headers still show budget), so it is told apart.
 */
export interface XUsageCap {
  period: string | null;
  scope: string | null;
}

/** An X API failure: RFC 7807 problem fields, whether retrying later can help, and when. */
export class XApiError extends IntegrationError {
  readonly status: number;
  readonly title: string;
  readonly detail: string;
  readonly type: string;
  /** 429 (rate limit or usage cap), 5xx and network failures (status 0): may succeed later. */
  override readonly retryable: boolean;
  /** From x-rate-limit-reset, when X said when the window resets. */
  readonly resetAt: Date | null;
  readonly rateLimit: RateLimit | null;
  /** Set when the 429 is X's usage cap, not a rate limit (then resetAt is null). */
  readonly usageCap: XUsageCap | null;
  /**
   * The account's pay-per-use credit is spent (or billing blocks it): X refuses every request
   * "until you add credits" (pricing.mdx, "Credit balance"). Observed as 402 CreditsDepleted;
   * a 403 naming credits or billing counts too. No reset time: only a later request tells.
   */
  readonly creditsDepleted: boolean;

  constructor(p: {
    status: number;
    title: string;
    detail: string;
    type?: string;
    rateLimit?: RateLimit | null;
    usageCap?: XUsageCap | null;
    creditsDepleted?: boolean;
  }) {
    super(`X API ${p.status} ${p.title}: ${p.detail}`);
    this.name = 'XApiError';
    this.status = p.status;
    this.title = p.title;
    this.detail = p.detail;
    this.type = p.type ?? 'about:blank';
    this.retryable = p.status === 0 || isRetryableStatus(p.status);
    this.rateLimit = p.rateLimit ?? null;
    this.usageCap = p.usageCap ?? null;
    this.creditsDepleted = p.creditsDepleted ?? false;
    // The window's reset says nothing about when a usage cap or an empty balance lifts, nor
    // about when a failing X recovers: it is a retry time only when the window refused (a 429,
    // or none left). X sends the headers on a 5xx too, and waiting them out stopped the agent
    // reading for up to 15 minutes after one 500 (faults bench, decision 0064).
    const windowRefused = p.status === 429 || this.rateLimit?.remaining === 0;
    this.resetAt = this.accountBlocked || !windowRefused ? null : (this.rateLimit?.resetAt ?? null);
  }

  /** X refuses the whole account (usage cap or no credit), not this request: pause, keep rows. */
  get accountBlocked(): boolean {
    return this.usageCap !== null || this.creditsDepleted;
  }
}

/** An OAuth 2.0 token/revoke endpoint failure (RFC 6749 §5.2). */
export class XOAuthError extends Error {
  readonly status: number;
  readonly error: string;
  readonly error_description: string | undefined;

  constructor(status: number, error: string, description?: string) {
    super(`X OAuth ${status} ${error}${description ? `: ${description}` : ''}`);
    this.name = 'XOAuthError';
    this.status = status;
    this.error = error;
    this.error_description = description;
  }

  /** The grant (code or refresh token) is dead: only a new sign-in helps. */
  get isInvalidGrant() {
    return this.error === 'invalid_grant' || this.status === 400;
  }
}
