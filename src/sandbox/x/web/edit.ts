import { Hono } from 'hono';
import { isCleanText } from '@/shared/clean-text.ts';
import { deliverMentionEvents } from '../activity/deliver.ts';
import { MAX_WEIGHTED_LENGTH, weightedLength } from '../api/tweet-body.ts';
import type { XEnv } from '../context.ts';
import { ID_PATTERN } from '../ids.ts';
import { EDIT_REFUSALS, editPost } from '../store/edit-post.ts';
import { findPost, type XPost } from '../store/posts.ts';
import type { WebSession } from '../store/sessions.ts';
import { findUserById } from '../store/users.ts';
import { editControls, findEditChains } from '../store/versions.ts';
import { html } from './html.ts';
import { renderPage } from './layout.ts';
import { statusPath } from './post-view.ts';
import { field } from './publish.ts';
import { sameSiteForm, type WebVars } from './session.ts';

/**
 * The author's "Edit post" box under their own post while X would still let them edit it
 * (30 minutes from the first version, 5 edits), so a newcomer can edit a command as on X.
 */
export async function editBox(env: XEnv, session: WebSession | null, post: XPost) {
  if (!session || session.user.id !== post.authorId || post.nextVersionId !== null) return null;
  const chain = (await findEditChains(env.db, [post])).values().next().value;
  const controls = editControls(post, chain, env.now());
  if (!controls.is_edit_eligible) return null;
  const left = controls.edits_remaining;
  return html`<details class="pad"><summary>Edit post (${left} ${left === 1 ? 'edit' : 'edits'} left)</summary>
  <form class="compose" method="post" action="${env.basePath}/compose/edit">
    <input type="hidden" name="csrf" value="${session.csrfToken}">
    <input type="hidden" name="id" value="${post.id.toString()}">
    <label for="edit-text">Edited text</label>
    <textarea id="edit-text" name="text" required maxlength="1000">${post.text}</textarea>
    <div class="row"><span class="muted">An edit is a new post with a new id, as on X</span>
      <button class="btn btn-blue" type="submit">Save edit</button></div>
  </form></details>`;
}

/** POST /compose/edit: the signed-in author edits their post; the new version's page opens. */
export function editRoutes(env: XEnv) {
  const app = new Hono<WebVars>();
  app.post('/compose/edit', async (c) => {
    const form = await c.req.parseBody();
    const session = c.get('session');
    if (!session) return c.redirect(`${env.basePath}/i/flow/login`, 303);
    if (!sameSiteForm(c, env) || field(form, 'csrf') !== session.csrfToken)
      return c.text('Forbidden', 403);
    const id = field(form, 'id');
    const text = field(form, 'text').trim();
    const post = ID_PATTERN.test(id) ? await findPost(env.db, BigInt(id)) : undefined;
    const error =
      !post || post.authorId !== session.user.id
        ? 'You can only edit your own posts.'
        : !text
          ? 'Write something first.'
          : !isCleanText(text)
            ? 'Your post has characters that are not text.'
            : weightedLength(text) > MAX_WEIGHTED_LENGTH
              ? `Your post is over ${MAX_WEIGHTED_LENGTH} characters.`
              : null;
    const result = error ? null : await editPost(env.db, { id: post!.id, text, now: env.now() });
    if (!result?.ok) {
      const message = error ?? EDIT_REFUSALS[result!.ok ? 'not_found' : result!.reason];
      const body = html`<div class="card"><h1>Your edit was not saved</h1><p class="error" role="alert">${message || 'The post was deleted.'}</p><a href="${env.basePath}/home">Go back</a></div>`;
      return renderPage(c, env, { title: 'Not saved', body, session, status: 400 });
    }
    deliverMentionEvents(env, result.post).catch((err) =>
      env.logger.warn({ err }, 'local X: mention events of an edit not delivered'),
    );
    const author = await findUserById(env.db, result.post.authorId);
    return c.redirect(statusPath(env, result.post, author), 303);
  });
  return app;
}
