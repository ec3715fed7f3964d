import type { QueryFunction } from '@tanstack/react-query';

/**
 * The default fetch failure: 5xx → `${status}: ${statusText}` (the body of a server crash
 * is not for users); any other non-OK status → `${status}: ${body text}`.
 */
export async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  if (res.status >= 500) throw failed(`${res.status}: ${res.statusText}`, res.status);
  const text = (await res.text()) || res.statusText;
  throw failed(`${res.status}: ${text}`, res.status);
}

/** A failed answer's error carries its status, so a caller can tell "signed out" from a fault. */
const failed = (message: string, status: number) => Object.assign(new Error(message), { status });

/** The HTTP status of an error from `getJson`/`throwIfResNotOk`; null for no answer at all. */
export function failedStatus(err: unknown): number | null {
  const status = (err as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : null;
}

/** Every call to our own server sends the session cookie. */
export async function apiRequest(method: string, url: string, body?: unknown): Promise<Response> {
  return fetch(url, {
    method,
    credentials: 'include',
    headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** GET the first element of the query key, parse JSON. */
export const defaultQueryFn: QueryFunction = async ({ queryKey, signal }) => {
  const url = queryKey[0];
  if (typeof url !== 'string') throw new Error('The first query key element must be a URL');
  const res = await fetch(url, { credentials: 'include', signal });
  await throwIfResNotOk(res);
  return res.json();
};

/** What a response is read with: a shared contract's zod schema, or a reader typed by one. */
export interface ResponseReader<T> {
  parse: (body: unknown) => T;
}

export interface GetJsonOptions {
  cache?: RequestCache;
  /** A page's own failure text: one for every non-OK answer, or chosen by its status. */
  failure?: string | ((status: number) => string);
}

/**
 * GET one of our routes and read its body with its contract (`src/shared/<area>/contract.ts`):
 * the default failure text (or `failure`, a page's own wording), then the schema, so a body of
 * another shape is an error. `cache: 'no-cache'` for lists that must show a change at once
 * (the server lets caches keep them a few seconds).
 */
export async function getJson<T>(
  url: string,
  reader: ResponseReader<T>,
  signal?: AbortSignal,
  opts: GetJsonOptions = {},
): Promise<T> {
  const res = await fetch(url, { credentials: 'include', signal, cache: opts.cache });
  const { failure } = opts;
  if (!res.ok && failure) {
    throw failed(typeof failure === 'string' ? failure : failure(res.status), res.status);
  }
  await throwIfResNotOk(res);
  return reader.parse(await res.json());
}

/**
 * The message a failed call reports: the API's `{error:{message}}`, or an older `{error: "..."}`.
 * Null when the body carries neither, so callers can fall back to their own wording.
 */
export function serverErrorText(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || !('error' in body)) return null;
  const error = body.error;
  if (typeof error === 'string') return error.trim() || null;
  if (typeof error === 'object' && error !== null && 'message' in error) {
    const message = error.message;
    if (typeof message === 'string' && message.trim()) return message;
  }
  return null;
}

/** Reads a failed response's error text; tolerates bodies that are not JSON. */
export async function readServerErrorText(res: Response): Promise<string | null> {
  try {
    return serverErrorText(await res.json());
  } catch {
    return null;
  }
}
