import { createXActivityApi } from './activity.ts';
import { createXApi } from './api.ts';
import type { FetchFn } from './http.ts';
import { createXMedia } from './media.ts';
import { createXOAuth, type XOAuthConfig } from './oauth.ts';
import { createXSearchApi } from './search.ts';

export interface XClientOptions extends Omit<XOAuthConfig, 'clientId'> {
  /** Without one the product cannot sign anyone in; calls fail with a clear error. */
  clientId: string | undefined;
  apiUrl: string;
  /** Defaults to global fetch; tests route it to an in-process app. */
  fetch?: FetchFn;
  timeoutMs?: number;
  now?: () => Date;
}

/** The product's X client: OAuth 2.0 (PKCE, confidential client) plus the v2 API calls it uses. */
export function createXClient(opts: XClientOptions) {
  const http = {
    fetch: opts.fetch ?? ((input: string, init?: RequestInit) => fetch(input, init)),
    timeoutMs: opts.timeoutMs ?? 15_000,
    now: opts.now ?? (() => new Date()),
  };
  const oauth = createXOAuth({ ...opts, clientId: opts.clientId ?? '' }, http);
  return {
    configured: Boolean(opts.clientId),
    ...oauth,
    ...createXApi(opts.apiUrl, http),
    ...createXSearchApi(opts.apiUrl, http),
    ...createXActivityApi(opts.apiUrl, http),
    media: createXMedia(opts.apiUrl, { ...http, timeoutMs: Math.max(http.timeoutMs, 60_000) }),
  };
}

export type XClient = ReturnType<typeof createXClient>;
