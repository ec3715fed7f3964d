import { createHash } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { ApiDeps } from '../deps.ts';
import { readSessionCookie } from './cookies.ts';
import { errorBody } from './error-handler.ts';
import { createLimiter, type Hit, type Limiter } from './limiter.ts';

const MINUTE = 60_000;

/**
 * The client's address: the connection's peer, or with TRUST_PROXY the first X-Forwarded-For
 * entry (only behind a proxy that sets it). Null for in-process requests, which have no peer.
 */
export function clientIp(c: Context, trustProxy: boolean): string | null {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress ?? null;
}

/** Secrets (session ids, API keys) are not kept as map keys, only their hashes. */
const digest = (secret: string) => createHash('sha256').update(secret).digest('base64url');

interface Rule {
  applies(c: Context): boolean;
  key(c: Context): string | null;
  limiter: Limiter;
}

/**
 * Request limits where a flood costs something (decision 0038), each sized well above what a
 * person or a real integration does (RATE_LIMIT_* in config): starting sign-in and recording page
 * views per address, console commands per session, the outside-project API per key, and failed
 * API keys per address. Over a limit: 429 with Retry-After, nothing done. On PostgreSQL the
 * counts are shared by every API process (decision 0038).
 */
export function rateLimits(deps: Pick<ApiDeps, 'config' | 'db'>): MiddlewareHandler {
  const l = deps.config.rateLimits;
  const limiter = (name: string, perMinute: number) =>
    createLimiter(deps.db, name, perMinute, MINUTE);
  const ip = (c: Context) => clientIp(c, l.trustProxy);
  const rules: Rule[] = [
    {
      applies: (c) => c.req.method === 'GET' && c.req.path === '/api/auth/twitter/login',
      key: ip,
      limiter: limiter('sign-in', l.signInPerMinute),
    },
    {
      applies: (c) => c.req.method === 'POST' && c.req.path === '/api/analytics/pageview',
      key: ip,
      limiter: limiter('page-views', l.pageViewsPerMinute),
    },
    {
      applies: (c) => c.req.method === 'POST' && c.req.path === '/api/agent/console',
      key: (c) => {
        const session = readSessionCookie(c, deps);
        return session ? digest(session) : null;
      },
      limiter: limiter('console', l.consolePerMinute),
    },
    {
      applies: (c) => c.req.path.startsWith('/api/external/'),
      key: (c) => {
        const auth = c.req.header('authorization');
        return auth ? digest(auth) : null;
      },
      limiter: limiter('external', l.externalPerMinute),
    },
  ];
  const badKeys = limiter('bad-keys', l.badKeysPerMinute);

  return async (c, next) => {
    for (const rule of rules) {
      if (!rule.applies(c)) continue;
      const key = rule.key(c);
      const hit: Hit = key === null ? { ok: true } : await rule.limiter.hit(key);
      if (!hit.ok) return tooManyRequests(c, hit.retryAfterS);
    }
    const external = c.req.path.startsWith('/api/external/');
    const address = external ? ip(c) : null;
    if (address) {
      const wait = await badKeys.blocked(address);
      if (wait !== null) return tooManyRequests(c, wait);
    }
    await next();
    // Guessing keys: every refused key counts against the address.
    if (address && c.res.status === 401) await badKeys.hit(address);
  };
}

/** 429 in the error shape, with Retry-After: nothing was done. */
export function tooManyRequests(c: Context, retryAfterS: number) {
  return c.json(
    errorBody('rate_limited', `Too many requests; try again in ${retryAfterS} s`),
    429,
    { 'Retry-After': String(retryAfterS) },
  );
}
