import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { ApiDeps } from '../deps.ts';

type Deps = Pick<ApiDeps, 'config'>;

const isHttps = (deps: Deps) => deps.config.publicUrl.startsWith('https://');

/** `__Host-` pins the cookie to this exact host over HTTPS (no Domain, Path=/, Secure). */
export const sessionCookieName = (deps: Deps) =>
  isHttps(deps) ? '__Host-upsider_session' : 'upsider_session';
const LOGIN_COOKIE = 'upsider_login';
const LOGIN_PATH = '/api/auth/twitter';

export function readSessionCookie(c: Context, deps: Deps) {
  return getCookie(c, sessionCookieName(deps));
}

export function writeSessionCookie(
  c: Context,
  deps: Deps & Pick<ApiDeps, 'config'>,
  id: string,
  /** Never past the session's absolute end; a fresh session gets the idle window. */
  maxAgeSeconds = Math.round(deps.config.sessionIdleDays * 86_400),
) {
  setCookie(c, sessionCookieName(deps), id, {
    httpOnly: true,
    secure: isHttps(deps),
    sameSite: 'Lax',
    path: '/',
    maxAge: maxAgeSeconds,
  });
}

export function clearSessionCookie(c: Context, deps: Deps) {
  deleteCookie(c, sessionCookieName(deps), { path: '/', secure: isHttps(deps) });
}

/** The pending-login cookie only travels to the sign-in routes. Lax: X's redirect back is a top-level GET. */
export function writeLoginCookie(c: Context, deps: Deps, id: string, maxAgeSeconds: number) {
  setCookie(c, LOGIN_COOKIE, id, {
    httpOnly: true,
    secure: isHttps(deps),
    sameSite: 'Lax',
    path: LOGIN_PATH,
    maxAge: maxAgeSeconds,
  });
}

export function readLoginCookie(c: Context) {
  return getCookie(c, LOGIN_COOKIE);
}

export function clearLoginCookie(c: Context, deps: Deps) {
  deleteCookie(c, LOGIN_COOKIE, { path: LOGIN_PATH, secure: isHttps(deps) });
}
