import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import { secondsSince, telemetry } from '@/shared/telemetry.ts';
import { errorBody } from './error-handler.ts';

/** What `GET /metrics` needs: the token it asks for (null: no /metrics here) and the text. */
export interface MetricsEndpoint {
  token: string | null;
  scrape(): Promise<{ contentType: string; body: string }>;
}

/** A caller's request id is kept when it looks like one; otherwise one is made. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{8,64}$/;

/**
 * Every request through the app: a request id (the caller's `X-Request-Id` if sane, else a new
 * one) bound to every log line written while it runs, and answered in `X-Request-Id` when the
 * caller sent one or the answer is a server error (what a report of it should quote; other
 * answers stay byte-equal to the server's from-memory fast path); then its count and latency by
 * the route pattern that answered (`/api/receipts/:id`, never the URL).
 */
export function observeRequests(): MiddlewareHandler {
  return async (c, next) => {
    const given = c.req.header('x-request-id');
    const echo = given !== undefined && REQUEST_ID.test(given);
    const reqId = echo ? given : randomUUID();
    const started = performance.now();
    try {
      await telemetry.withLogIds({ reqId }, next);
    } finally {
      if (echo || c.res.status >= 500) c.header('x-request-id', reqId);
      telemetry.httpRequest(routeOf(c), c.req.method, c.res.status, secondsSince(started));
    }
  };
}

/**
 * The pattern of the handler that answered (bounded: one per route the app declares), without
 * its parameters' regular expressions: `/api/receipts/:id`.
 */
function routeOf(c: Context): string {
  let route: string;
  try {
    route = routePath(c);
  } catch {
    return 'unmatched';
  }
  return route ? route.replace(/(:[A-Za-z0-9_]+)\{[^/]*\}/g, '$1') : 'unmatched';
}

/**
 * `GET /metrics`: Prometheus text to `Authorization: Bearer <token>`; 401 to anyone else, and
 * 404 where no token is configured (never public by default).
 */
export function metricsHandler(endpoint: MetricsEndpoint | undefined) {
  return async (c: Context) => {
    if (!endpoint?.token) return c.json(errorBody('not_found', 'Not found'), 404);
    if (!bearerMatches(c.req.header('authorization'), endpoint.token)) {
      c.header('www-authenticate', 'Bearer realm="metrics"');
      return c.json(errorBody('unauthorized', 'A bearer token is required'), 401);
    }
    const { contentType, body } = await endpoint.scrape();
    return c.body(body, 200, { 'content-type': contentType, 'cache-control': 'no-store' });
  };
}

/** Compares hashes in constant time, so the token's length and prefix leak nothing. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer (.+)$/i.exec(header ?? '')?.[1];
  if (!given) return false;
  const hash = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(hash(given), hash(token));
}
