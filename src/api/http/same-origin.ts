import type { MiddlewareHandler } from 'hono';
import { errorBody } from './error-handler.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

// Not hono/csrf: it skips JSON bodies and refuses clients that send no Origin (decision 0040).
/**
 * Cookie-authenticated state changes must come from our own pages: a request whose Origin
 * (or Sec-Fetch-Site) says another site gets 403. Non-browser clients send neither header.
 */
export function sameOriginOnly(
  publicUrl: string,
  /** Path prefixes authenticated by a bearer key instead of cookies: CSRF cannot touch them. */
  opts: { exemptPrefixes?: string[] } = {},
): MiddlewareHandler {
  const ours = new URL(publicUrl).origin;
  const exempt = opts.exemptPrefixes ?? [];
  return async (c, next) => {
    if (SAFE.has(c.req.method)) return next();
    if (exempt.some((prefix) => c.req.path.startsWith(prefix))) return next();
    const origin = c.req.header('origin');
    const fetchSite = c.req.header('sec-fetch-site');
    const requestOrigin = new URL(c.req.url).origin;
    const crossOrigin = origin !== undefined && origin !== ours && origin !== requestOrigin;
    if (crossOrigin || fetchSite === 'cross-site') {
      return c.json(errorBody('cross_site_request', 'Cross-site requests are not allowed'), 403);
    }
    return next();
  };
}
