import type { z } from 'zod';
import { XApiError, XOAuthError } from './errors.ts';
import { parseRateLimit, type RateLimit } from './rate-limit.ts';
import { oauthErrorSchema, problemSchema } from './schemas.ts';

export type FetchFn = (input: string, init?: RequestInit) => Response | Promise<Response>;

/** Calls fetch with a timeout; a network failure becomes a retryable XApiError (status 0). */
export async function send(fetchFn: FetchFn, url: string, init: RequestInit, timeoutMs: number) {
  try {
    return await fetchFn(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (err) {
    const reason = err instanceof Error && err.name === 'TimeoutError' ? 'timed out' : 'failed';
    throw new XApiError({ status: 0, title: 'Network Error', detail: `Request to X ${reason}` });
  }
}

async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  try {
    return text === '' ? {} : JSON.parse(text);
  } catch {
    return { detail: text.slice(0, 200) };
  }
}

/** How the client's parts reach X: its fetch, a timeout, and the clock a reset is read against. */
export interface XHttp {
  fetch: FetchFn;
  timeoutMs: number;
  now?: () => Date;
}

/** Parses an API response: problem JSON → XApiError, success → the zod-validated body. */
export async function parseApiResponse<S extends z.ZodType>(
  res: Response,
  schema: S,
  now: () => Date = () => new Date(),
): Promise<{ body: z.infer<S>; rateLimit: RateLimit | null }> {
  const rateLimit = parseRateLimit(res.headers, now().getTime());
  const json = await readJson(res);
  if (!res.ok) {
    const p = problemSchema.safeParse(json);
    const problem = p.success ? p.data : {};
    const detail =
      problem.detail ??
      problem.message ??
      problem.errors?.find((e) => e.message)?.message ??
      (res.statusText || 'Request failed');
    throw new XApiError({
      status: res.status,
      title: problem.title ?? (res.statusText || `HTTP ${res.status}`),
      detail,
      type: problem.type,
      rateLimit,
      usageCap: usageCapOf(res.status, problem),
      creditsDepleted: isCreditsDepleted(res.status, problem, detail),
    });
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    throw new XApiError({
      status: 502,
      title: 'Unexpected Response',
      detail: 'X answered with a body the product does not understand',
      rateLimit,
    });
  }
  return { body: parsed.data, rateLimit };
}

/** X's usage-cap problem (integrations.md §1.4: UsageCapExceeded {period, scope}), else null. */
function usageCapOf(
  status: number,
  problem: { type?: string; title?: string; period?: unknown; scope?: unknown },
) {
  const capped =
    problem.type?.endsWith('/problems/usage-capped') || problem.title === 'UsageCapExceeded';
  if (status !== 429 || !capped) return null;
  const text = (v: unknown) => (typeof v === 'string' ? v : null);
  return { period: text(problem.period), scope: text(problem.scope) };
}

/**
 * X's "no credit" answer: 402 (observed body `{"title":"CreditsDepleted","detail":"Your enrolled
 * account [..] does not have any credits to fulfill this request.","type":
 * "https://api.twitter.com/2/problems/credits"}`; X's docs give no status), or any 402/403 whose
 * problem names credits or billing (decision 0044).
 */
function isCreditsDepleted(
  status: number,
  problem: { type?: string; title?: string },
  detail: string,
): boolean {
  if (status !== 402 && status !== 403) return false;
  const text = `${problem.title ?? ''} ${problem.type ?? ''} ${detail}`;
  if (/credits?|billing/i.test(text)) return true;
  return status === 402;
}

/** Parses a token/revoke endpoint response: {error, error_description} → XOAuthError. */
export async function parseOAuthResponse<S extends z.ZodType>(
  res: Response,
  schema: S,
): Promise<z.infer<S>> {
  const json = await readJson(res);
  if (res.status !== 200) {
    const e = oauthErrorSchema.safeParse(json);
    if (e.success) throw new XOAuthError(res.status, e.data.error, e.data.error_description);
    throw new XOAuthError(res.status, 'unexpected_response', `HTTP ${res.status}`);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    throw new XOAuthError(502, 'unexpected_response', 'Token endpoint answered an unknown body');
  }
  return parsed.data;
}
