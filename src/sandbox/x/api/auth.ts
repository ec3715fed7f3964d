import type { MiddlewareHandler } from 'hono';
import type { XEnv, XLimits } from '../context.ts';
import {
  FORBIDDEN,
  problem,
  TOO_MANY_REQUESTS,
  UNAUTHORIZED,
  UNSUPPORTED_AUTHENTICATION,
} from '../problems.ts';
import { consumeRate, FIFTEEN_MINUTES, setRateHeaders } from '../rate-limit.ts';
import { findBearer } from '../store/tokens.ts';

export type ApiCaller =
  | { kind: 'user'; userId: string; clientId: string; scopes: string[] }
  | { kind: 'app'; clientId: string };

export type ApiVars = { Variables: { caller: ApiCaller } };

export interface EndpointPolicy {
  /** Rate-limit bucket, also the key of its per-user limit. */
  bucket: keyof XLimits;
  /** Per-app limit for app-only tokens; absent = user context required. */
  appBucket?: keyof XLimits;
  scopes: readonly string[];
}

/**
 * Bearer check (401), rate limit with `x-rate-limit-*` headers (429), then scopes (403),
 * in that order: X counts a request against the window even when the token lacks a scope.
 */
export function apiEndpoint(env: XEnv, policy: EndpointPolicy): MiddlewareHandler<ApiVars> {
  return async (c, next) => {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '');
    const bearer = match ? await findBearer(env.db, match[1]!, env.now()) : undefined;
    if (!bearer || (bearer.kind === 'access' && !bearer.userId)) {
      return problem(c, 401, UNAUTHORIZED);
    }
    const caller: ApiCaller =
      bearer.kind === 'app'
        ? { kind: 'app', clientId: bearer.clientId }
        : {
            kind: 'user',
            userId: bearer.userId!,
            clientId: bearer.clientId,
            scopes: bearer.scopes,
          };
    if (caller.kind === 'app' && !policy.appBucket) {
      return problem(c, 403, UNSUPPORTED_AUTHENTICATION);
    }
    const limitKey = caller.kind === 'app' ? policy.appBucket! : policy.bucket;
    const rate = await consumeRate(env, {
      bucket: policy.bucket,
      subject: caller.kind === 'app' ? `app:${caller.clientId}` : `user:${caller.userId}`,
      limit: env.limits[limitKey],
      windowMs: FIFTEEN_MINUTES,
    });
    setRateHeaders(c, rate);
    if (rate.exceeded) return problem(c, 429, TOO_MANY_REQUESTS);
    if (caller.kind === 'user' && !policy.scopes.every((s) => caller.scopes.includes(s))) {
      return problem(c, 403, FORBIDDEN);
    }
    c.set('caller', caller);
    await next();
  };
}
