import { Hono } from 'hono';
import type { XEnv } from '../context.ts';
import { USERNAME_PATTERN } from '../ids.ts';
import { ensureUser } from '../store/users.ts';
import { signInForm } from './forms.ts';
import { renderPage } from './layout.ts';
import { field } from './publish.ts';
import { safeNext, sameSiteForm, signIn, signOut, type WebVars } from './session.ts';

/** Username-only sign-in (`/i/flow/login`, X's path) and log-out of the local X's web pages. */
export function signInRoutes(env: XEnv) {
  const app = new Hono<WebVars>();

  app.get('/i/flow/login', (c) => {
    const next = safeNext(env, c.req.query('redirect_after_login'));
    return renderPage(c, env, {
      title: 'Sign in',
      body: signInForm(env, next),
      session: c.get('session'),
    });
  });

  app.post('/i/flow/login', async (c) => {
    const form = await c.req.parseBody();
    const next = safeNext(env, field(form, 'next'));
    if (!sameSiteForm(c, env)) return c.text('Forbidden', 403);
    const username = field(form, 'username').trim().replace(/^@/, '');
    if (!USERNAME_PATTERN.test(username)) {
      const error = 'Enter a username of 1 to 15 letters, digits or underscores.';
      return renderPage(c, env, {
        title: 'Sign in',
        body: signInForm(env, next, error),
        status: 400,
      });
    }
    const user = await ensureUser(env.db, username, env.now());
    await signIn(c, env, user.id);
    return c.redirect(next, 303);
  });

  app.post('/i/logout', async (c) => {
    const form = await c.req.parseBody();
    const session = c.get('session');
    if (session && sameSiteForm(c, env) && field(form, 'csrf') === session.csrfToken)
      await signOut(c, env);
    return c.redirect(`${env.basePath}/home`, 303);
  });

  return app;
}
