import { Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { isOurOrigin } from './our-origins.ts';

/** Larger than any request a twin's protocol needs; the real services refuse far smaller. */
export const SANDBOX_BODY_LIMIT = 1024 * 1024;

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Every sandbox service sits behind this (decision 0009): bodies over the limit get 413 before
 * a route reads them, and the admin routes (`…/_admin/…`: faucet, snapshots, prices, faults…)
 * refuse state changes from another site, as the API does. Tools and tests send no Origin.
 */
export function guardSandboxService(
  app: Hono,
  opts: { publicUrl: string; problemJson?: boolean },
): Hono {
  const guarded = new Hono();
  guarded.use('*', rejectCrossSiteAdmin(opts.publicUrl));
  guarded.use(
    '*',
    bodyLimit({
      maxSize: SANDBOX_BODY_LIMIT,
      onError: (c) =>
        opts.problemJson
          ? c.body(JSON.stringify(PAYLOAD_TOO_LARGE), 413, {
              'content-type': 'application/problem+json',
            })
          : c.json(
              {
                error: {
                  code: 'payload_too_large',
                  message: `Bodies are limited to ${SANDBOX_BODY_LIMIT} bytes`,
                },
              },
              413,
            ),
    }),
  );
  guarded.route('/', app);
  return guarded;
}

/** X's own answer to an oversized request, in its problem shape. */
const PAYLOAD_TOO_LARGE = {
  title: 'Payload Too Large',
  type: 'about:blank',
  status: 413,
  detail: `Request bodies are limited to ${SANDBOX_BODY_LIMIT} bytes`,
};

const rejectCrossSiteAdmin =
  (publicUrl: string): MiddlewareHandler =>
  async (c, next) => {
    if (SAFE.has(c.req.method) || !c.req.path.includes('/_admin')) return next();
    const origin = c.req.header('origin');
    const crossSite =
      c.req.header('sec-fetch-site') === 'cross-site' ||
      (origin !== undefined && !isOurOrigin(origin, c.req.url, publicUrl));
    if (!crossSite) return next();
    return c.json(
      { error: { code: 'cross_site_request', message: 'Cross-site requests are not allowed' } },
      403,
    );
  };
