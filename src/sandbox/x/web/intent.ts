import type { Context } from 'hono';
import { Hono } from 'hono';
import type { XEnv } from '../context.ts';
import { ID_PATTERN } from '../ids.ts';
import { signInForm } from './forms.ts';
import { html } from './html.ts';
import { renderPage } from './layout.ts';
import { field, publish } from './publish.ts';
import { safeNext, sameSiteForm, type WebVars } from './session.ts';

/** Post intent and the compose form of the local X's web pages. */
export function intentRoutes(env: XEnv) {
  const app = new Hono<WebVars>();

  const intentPage = (c: Context<WebVars>, text: string, inReplyTo?: string, error?: string) => {
    const session = c.get('session');
    const here = `${env.basePath}/intent/post${new URL(c.req.url).search}`;
    if (!session) return renderPage(c, env, { title: 'Sign in', body: signInForm(env, here) });
    const replyTo = inReplyTo && ID_PATTERN.test(inReplyTo) ? BigInt(inReplyTo) : undefined;
    const body = html`<h1>Post</h1>
      ${error ? html`<p class="pad error" role="alert">${error}</p>` : null}
      <form class="compose" method="post" action="${env.basePath}/intent/post">
        <input type="hidden" name="csrf" value="${session.csrfToken}">
        ${replyTo ? html`<input type="hidden" name="in_reply_to" value="${replyTo.toString()}">` : null}
        <label for="intent-text">Post text</label>
        <textarea id="intent-text" name="text" required maxlength="1000">${text}</textarea>
        <div class="row"><span class="muted">Posting as @${session.user.username}</span>
          <a class="btn btn-outline" href="${env.basePath}/home">Cancel</a>
          <button class="btn btn-blue" type="submit">Post</button></div>
      </form>`;
    return renderPage(c, env, { title: 'Post', body, session, status: error ? 400 : 200 });
  };

  for (const path of ['/intent/post', '/intent/tweet']) {
    app.get(path, (c) => {
      const q = c.req.query();
      const hashtags = (q.hashtags ?? '')
        .split(',')
        .filter(Boolean)
        .map((h) => `#${h}`);
      const text = [q.text ?? '', q.url ?? '', hashtags.join(' '), q.via ? `via @${q.via}` : '']
        .filter(Boolean)
        .join(' ');
      return intentPage(c, text, q.in_reply_to);
    });
  }

  app.post('/intent/post', async (c) => {
    const form = await c.req.parseBody();
    const session = c.get('session');
    if (!session) return c.redirect(`${env.basePath}/i/flow/login`, 303);
    if (!sameSiteForm(c, env) || field(form, 'csrf') !== session.csrfToken)
      return c.text('Forbidden', 403);
    const result = await publish(env, session, field(form, 'text'), field(form, 'in_reply_to'));
    if (!result.ok)
      return intentPage(c, field(form, 'text'), field(form, 'in_reply_to'), result.error);
    return c.redirect(`${env.basePath}/home`, 303);
  });

  app.post('/compose/post', async (c) => {
    const form = await c.req.parseBody();
    const session = c.get('session');
    if (!session) return c.redirect(`${env.basePath}/i/flow/login`, 303);
    if (!sameSiteForm(c, env) || field(form, 'csrf') !== session.csrfToken)
      return c.text('Forbidden', 403);
    const result = await publish(env, session, field(form, 'text'), field(form, 'in_reply_to'));
    const next = safeNext(env, field(form, 'next'));
    if (result.ok) return c.redirect(next, 303);
    const body = html`<div class="card"><h1>Your post was not sent</h1><p class="error" role="alert">${result.error}</p><a href="${next}">Go back</a></div>`;
    return renderPage(c, env, { title: 'Not sent', body, session, status: 400 });
  });

  return app;
}
