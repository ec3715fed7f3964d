import type { Context } from 'hono';

/**
 * The token and revoke endpoints' parameters, from a form body (RFC 6749 §4.1.3, X's docs) or
 * a JSON object. X answers both: twitter-api-v2's `loginWithOAuth2`, `refreshOAuth2Token` and
 * `revokeOAuth2Token` send JSON to https://api.x.com/2/oauth2/* (its autoDetectBodyType tests
 * `url.password` where it meant the path, so the form branch never runs —
 * twitter-api-v2@1.29.1 dist/cjs/client-mixins/request-param.helper.js), and that is the
 * library's documented sign-in path (its doc/auth.md), which works against X. Only string
 * values count, as a form would carry them; anything else is a missing parameter.
 */
export async function readTokenParams(c: Context): Promise<(name: string) => string> {
  const type = c.req.header('content-type') ?? '';
  let values: Record<string, unknown> = {};
  if (/^application\/json\b/i.test(type)) {
    const body: unknown = await c.req.json().catch(() => null);
    if (body && typeof body === 'object' && !Array.isArray(body))
      values = body as Record<string, unknown>;
  } else {
    values = await c.req.parseBody();
  }
  return (name) => (typeof values[name] === 'string' ? (values[name] as string) : '');
}
