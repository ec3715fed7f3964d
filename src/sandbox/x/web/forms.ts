import type { XEnv } from '../context.ts';
import type { WebSession } from '../store/sessions.ts';
import { html } from './html.ts';

/** The "What is happening?!" box (timeline) or a reply box (post page). */
export function composeForm(
  env: XEnv,
  session: WebSession,
  o: { inReplyTo?: bigint; next: string; text?: string; label?: string; button?: string },
) {
  return html`<form class="compose" method="post" action="${env.basePath}/compose/post">
  <input type="hidden" name="csrf" value="${session.csrfToken}">
  <input type="hidden" name="next" value="${o.next}">
  ${o.inReplyTo ? html`<input type="hidden" name="in_reply_to" value="${o.inReplyTo.toString()}">` : null}
  <label for="compose-text">${o.label ?? 'What is happening?!'}</label>
  <textarea id="compose-text" name="text" required maxlength="1000">${o.text ?? ''}</textarea>
  <div class="row"><span class="muted">Posting as @${session.user.username}</span>
    <button class="btn btn-blue" type="submit">${o.button ?? 'Post'}</button></div>
</form>`;
}

/** Username-only sign-in: the local X has no passwords; an account is created on first use. */
export function signInForm(env: XEnv, next: string, error?: string) {
  return html`<div class="card">
  <h1>Sign in to X</h1>
  <p class="muted">This is the local X sandbox: enter any handle. A new account is created the first time.</p>
  <form method="post" action="${env.basePath}/i/flow/login">
    <input type="hidden" name="next" value="${next}">
    <label for="login-username">Username</label>
    <input type="text" id="login-username" name="username" required pattern="@?[A-Za-z0-9_]{1,15}"
      autocomplete="username" autocapitalize="none" spellcheck="false"${error ? html` aria-describedby="login-error"` : null}>
    ${error ? html`<p id="login-error" class="error" role="alert">${error}</p>` : null}
    <button class="btn btn-primary btn-wide" type="submit">Next</button>
  </form>
</div>`;
}
