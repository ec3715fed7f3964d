import type { MiddlewareHandler } from 'hono';

/**
 * The headers a document needs. Scripts only from our origin (no 'unsafe-inline'): the SPA's
 * config is a JSON data block, which CSP does not execute.
 */
export function htmlSecurityHeaders(opts: { connectSrc: string[] }): Record<string, string> {
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
  return {
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
}

// Not hono/secure-headers: ours differs by content type and the static site stores it (0040).
/**
 * HTML responses get the document headers (CSP, framing, referrer, opener); everything else
 * (JSON, scripts, styles) only `nosniff` — the others do nothing there but add ~730 bytes.
 * Responses that already carry a CSP (the in-memory static site) are left as they are.
 */
export function securityHeaders(opts: { connectSrc: string[] }): MiddlewareHandler {
  const html = Object.entries(htmlSecurityHeaders(opts));
  return async (c, next) => {
    await next();
    if (c.res.headers.has('Content-Security-Policy')) return;
    if (c.res.headers.get('Content-Type')?.startsWith('text/html')) {
      for (const [name, value] of html) c.header(name, value);
    } else {
      c.header('X-Content-Type-Options', 'nosniff');
    }
  };
}
