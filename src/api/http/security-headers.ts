import type { MiddlewareHandler } from 'hono';

/**
 * Security headers on every response. Scripts only from our origin (no 'unsafe-inline'):
 * the SPA's config is a JSON data block, which CSP does not execute.
 */
export function securityHeaders(opts: { connectSrc: string[] }): MiddlewareHandler {
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    // React sets styles through the CSSOM; Radix positions popovers with style attributes.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self' data:",
    `connect-src ${["'self'", ...opts.connectSrc].join(' ')}`,
    "frame-src 'self' https://platform.twitter.com",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  return async (c, next) => {
    await next();
    c.header('Content-Security-Policy', csp);
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    c.header('X-Frame-Options', 'DENY');
    c.header('Cross-Origin-Opener-Policy', 'same-origin');
  };
}
