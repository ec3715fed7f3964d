import type { Context } from 'hono';
import type { XEnv } from '../context.ts';
import { ID_PATTERN } from '../ids.ts';
import { listConversations } from '../store/post-queries.ts';
import { findPost, type XPost } from '../store/posts.ts';
import { findUserById } from '../store/users.ts';
import { editBox } from './edit.ts';
import { composeForm } from './forms.ts';
import { html } from './html.ts';
import { renderPage } from './layout.ts';
import { loadPostContext, postView, statusPath, threadView } from './post-view.ts';
import type { WebVars } from './session.ts';

/** A post page: the posts it replies to, the post, its replies nested, and a reply box. */
export function statusRoute(env: XEnv) {
  return async (c: Context<WebVars>) => {
    const session = c.get('session');
    const id = c.req.param('id') ?? '';
    const post = ID_PATTERN.test(id) ? await findPost(env.db, BigInt(id)) : undefined;
    if (!post) {
      const body = html`<div class="card"><h1>Hmm...this page doesn’t exist.</h1><p class="muted">The post may have been deleted.</p></div>`;
      return renderPage(c, env, { title: 'Post', body, session, status: 404 });
    }
    const author = await findUserById(env.db, post.authorId);
    const canonical = statusPath(env, post, author);
    if (c.req.path !== canonical) return c.redirect(canonical, 301);

    const conversation = await listConversations(env.db, [post.conversationId]);
    const byId = new Map(conversation.map((p) => [p.id, p]));
    const ancestors: XPost[] = [];
    for (let p = post.inReplyToId ? byId.get(post.inReplyToId) : undefined; p; ) {
      ancestors.unshift(p);
      p = p.inReplyToId ? byId.get(p.inReplyToId) : undefined;
    }
    const ctx = await loadPostContext(env, conversation);
    const replyBox = session
      ? composeForm(env, session, {
          inReplyTo: post.id,
          next: canonical,
          label: `Reply to @${author?.username ?? ''}`,
          button: 'Reply',
        })
      : html`<p class="pad muted"><a href="${env.basePath}/i/flow/login?redirect_after_login=${encodeURIComponent(canonical)}">Sign in</a> to reply.</p>`;
    // As on X, an earlier version stays readable and points to the newest one.
    const newer = post.nextVersionId
      ? html`<p class="pad muted" role="note">There’s a new version of this post. <a href="${env.basePath}/i/status/${post.nextVersionId.toString()}">See the latest post</a></p>`
      : null;
    const body = html`<h1>Post</h1>
      ${newer}
      ${ancestors.length ? html`<section aria-label="Earlier in the conversation">${ancestors.map((p) => postView(env, p, ctx))}</section>` : null}
      ${threadView(env, [post], conversation, ctx, post.id)}
      ${await editBox(env, session, post)}
      ${replyBox}`;
    return renderPage(c, env, {
      title: `@${author?.username ?? ''}: “${post.text.slice(0, 40)}”`,
      body,
      session,
    });
  };
}
