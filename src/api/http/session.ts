import type { Context, MiddlewareHandler } from 'hono';
import { resolveSession, type SessionUser } from '@/core/auth/sessions.ts';
import type { ApiDeps } from '../deps.ts';
import { clearSessionCookie, readSessionCookie, writeSessionCookie } from './cookies.ts';
import { unauthorized } from './errors.ts';

/** Hono context variables set by loadSession. */
export type AuthEnv = { Variables: { user: SessionUser | null } };

/** Sets `c.var.user` from the session cookie (null when signed out); slides the expiry. */
export function loadSession(deps: ApiDeps): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    const id = readSessionCookie(c, deps);
    let user: SessionUser | null = null;
    if (id) {
      const found = await resolveSession(deps, id);
      if (!found) clearSessionCookie(c, deps);
      else {
        user = found.user;
        if (found.touched) writeSessionCookie(c, deps, id, found.maxAgeSeconds);
      }
    }
    c.set('user', user);
    await next();
  };
}

/** 401 `{error:{code:'unauthorized'}}` unless signed in. */
export const requireUser: MiddlewareHandler<AuthEnv> = async (c, next) => {
  if (!c.get('user')) throw unauthorized('Sign in with X to continue');
  await next();
};

/** The signed-in user inside a route behind requireUser. */
export function currentUser(c: Context<AuthEnv>): SessionUser {
  const user = c.get('user');
  if (!user) throw unauthorized('Sign in with X to continue');
  return user;
}
