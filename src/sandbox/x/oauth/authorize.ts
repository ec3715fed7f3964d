import { Hono } from 'hono';
import type { XEnv } from '../context.ts';
import { USERNAME_PATTERN } from '../ids.ts';
import {
  createPendingAuthorization,
  decideAuthorization,
  findPendingAuthorization,
} from '../store/authorizations.ts';
import { findClient } from '../store/clients.ts';
import { ensureUser } from '../store/users.ts';
import { loadSession, sameSiteForm, signIn, type WebVars } from '../web/session.ts';
import { backToApp, checkRequest } from './authorize-request.ts';
import { renderAuthorizeError, renderConsent } from './consent-page.ts';

/** GET shows the consent screen; POST records the answer and sends the browser back. */
export function authorizeRoutes(env: XEnv) {
  const app = new Hono<WebVars>();
  app.use('*', loadSession(env));

  app.get('/', async (c) => {
    const checked = await checkRequest(env, c.req.query());
    if (!checked.ok) return renderAuthorizeError(c, env, checked.detail);
    const nonce = await createPendingAuthorization(env.db, checked.request, env.now());
    const username = c.get('session')?.user.username;
    return renderConsent(c, env, {
      appName: checked.appName,
      scopes: checked.request.scopes,
      nonce,
      username,
    });
  });

  app.post('/', async (c) => {
    const form = await c.req.parseBody();
    const nonce = typeof form.nonce === 'string' ? form.nonce : '';
    const pending = sameSiteForm(c, env)
      ? await findPendingAuthorization(env.db, nonce, env.now())
      : undefined;
    if (!pending)
      return renderAuthorizeError(
        c,
        env,
        'this authorization request has expired or was already answered.',
      );
    if (form.decision !== 'allow') {
      await decideAuthorization(env.db, nonce, 'denied', env.now());
      return c.redirect(
        backToApp(pending.redirectUri, {
          error: 'access_denied',
          error_description: 'The user denied the authorization request.',
          state: pending.state,
        }),
        302,
      );
    }
    const username = String(form.username ?? '')
      .trim()
      .replace(/^@/, '');
    if (!USERNAME_PATTERN.test(username)) {
      const client = await findClient(env.db, pending.clientId);
      return renderConsent(c, env, {
        appName: client?.name ?? 'App',
        scopes: pending.scopes.split(' '),
        nonce,
        username,
        error: 'Enter a username of 1 to 15 letters, digits or underscores.',
      });
    }
    const user = await ensureUser(env.db, username, env.now());
    const decided = await decideAuthorization(env.db, nonce, { userId: user.id }, env.now());
    if (!decided?.code)
      return renderAuthorizeError(c, env, 'this authorization request was already answered.');
    if (c.get('session')?.user.id !== user.id) await signIn(c, env, user.id);
    return c.redirect(
      backToApp(pending.redirectUri, { state: pending.state, code: decided.code }),
      302,
    );
  });

  return app;
}
