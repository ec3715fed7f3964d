import { Hono } from 'hono';
import type { AppDeps } from '../deps.ts';
import { unauthorized } from '../http/errors.ts';

/**
 * Session routes. Sign-in with X is not built yet (issue 4), so nobody is signed in:
 * `/me` answers 401 and the web app shows its signed-out state.
 */
export function authRoutes(_deps: AppDeps) {
  return new Hono().get('/me', () => {
    throw unauthorized();
  });
}
