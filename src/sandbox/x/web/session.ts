import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { isOurOrigin } from '../../our-origins.ts';
import type { XEnv } from '../context.ts';
import {
  createWebSession,
  endWebSession,
  findWebSession,
  type WebSession,
} from '../store/sessions.ts';

const COOKIE = 'x_sandbox_session';

export type WebVars = { Variables: { session: WebSession | null } };

/** Loads the local-X browser session (if any) for every web page. */
export function loadSession(env: XEnv): MiddlewareHandler<WebVars> {
  return async (c, next) => {
    c.set('session', await findWebSession(env.db, getCookie(c, COOKIE), env.now()));
    await next();
  };
}

export async function signIn(c: Context, env: XEnv, userId: string) {
  const token = await createWebSession(env.db, userId, env.now());
  setCookie(c, COOKIE, token, {
    path: env.basePath,
    httpOnly: true,
    sameSite: 'Lax',
    secure: env.publicUrl.startsWith('https:'),
    maxAge: 30 * 24 * 60 * 60,
  });
}

export async function signOut(c: Context, env: XEnv) {
  const token = getCookie(c, COOKIE);
  if (token) await endWebSession(env.db, token);
  deleteCookie(c, COOKIE, { path: env.basePath });
}

/**
 * Form posts must come from the local X's own pages: another site's Origin (or a cross-site
 * fetch) is refused. Session forms also carry the session's CSRF token.
 */
export function sameSiteForm(c: Context, env: XEnv): boolean {
  const origin = c.req.header('origin');
  if (c.req.header('sec-fetch-site') === 'cross-site') return false;
  return origin === undefined || isOurOrigin(origin, c.req.url, env.publicUrl);
}

/** Only paths on the local X are valid places to return to after signing in. */
export function safeNext(env: XEnv, next: unknown): string {
  const value = typeof next === 'string' ? next : '';
  const ok =
    value.startsWith(`${env.basePath}/`) && !value.startsWith('//') && !value.includes('\\');
  return ok ? value : `${env.basePath}/home`;
}
