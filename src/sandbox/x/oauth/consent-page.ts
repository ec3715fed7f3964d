import type { Context } from 'hono';
import type { XEnv } from '../context.ts';
import { html } from '../web/html.ts';
import { renderPage } from '../web/layout.ts';
import { describeScopes } from './scopes.ts';

export interface ConsentView {
  appName: string;
  scopes: string[];
  nonce: string;
  username?: string;
  error?: string;
}

/** X's "Authorize app" screen: the app, what it may view and do, the account, two buttons. */
export function renderConsent(c: Context, env: XEnv, v: ConsentView) {
  const { view, act } = describeScopes(v.scopes);
  const body = html`<div class="card">
  <h1>${v.appName} wants to access your X account.</h1>
  <form method="post" action="${env.basePath}/i/oauth2/authorize">
    <input type="hidden" name="nonce" value="${v.nonce}">
    <label for="username">Username</label>
    <input type="text" id="username" name="username" value="${v.username ?? ''}" required
      pattern="@?[A-Za-z0-9_]{1,15}" autocomplete="username" autocapitalize="none" spellcheck="false"
      aria-describedby="username-help${v.error ? ' username-error' : ''}">
    <p id="username-help" class="muted">Your handle on this local X. A new account is created the first time you use one.</p>
    ${v.error ? html`<p id="username-error" class="error" role="alert">${v.error}</p>` : null}
    ${view.length ? html`<h2>Things this App can view…</h2><ul>${view.map((l) => html`<li>${l}</li>`)}</ul>` : null}
    ${act.length ? html`<h2>Things this App can do for you…</h2><ul>${act.map((l) => html`<li>${l}</li>`)}</ul>` : null}
    <p class="muted">Requested scopes: ${v.scopes.join(', ')}</p>
    <button class="btn btn-primary btn-wide" type="submit" name="decision" value="allow">Authorize app</button>
    <button class="btn btn-outline btn-wide" type="submit" name="decision" value="deny" formnovalidate>Cancel</button>
  </form>
</div>`;
  return renderPage(c, env, {
    title: 'Authorize app',
    body,
    bare: true,
    status: v.error ? 400 : 200,
  });
}

/** X shows a page, not a redirect, when it cannot trust the request's redirect_uri. */
export function renderAuthorizeError(c: Context, env: XEnv, detail: string) {
  const body = html`<div class="card">
  <h1>Something went wrong</h1>
  <p>You weren’t able to give access to the App. Go back and try logging in again.</p>
  <p class="muted">Details for the developer: ${detail}</p>
</div>`;
  return renderPage(c, env, { title: 'Error', body, bare: true, status: 400 });
}
