import type { Context } from 'hono';
import { Hono } from 'hono';
import type { XEnv } from '../context.ts';
import { USERNAME_PATTERN } from '../ids.ts';
import { listConversations, listRecentPosts } from '../store/post-queries.ts';
import type { XPost } from '../store/posts.ts';
import { findUserByUsername } from '../store/users.ts';
import { composeForm } from './forms.ts';
import { html } from './html.ts';
import { renderPage } from './layout.ts';
import { loadPostContext, postView, threadView } from './post-view.ts';
import type { WebVars } from './session.ts';
import { statusRoute } from './status.ts';

/** Conversations touched by the most recent posts, most recently active first. */
async function recentThreads(env: XEnv) {
  const recent = await listRecentPosts(env.db, { limit: 60 });
  const all = await listConversations(
    env.db,
    recent.map((p) => p.conversationId),
  );
  const byId = new Set(all.map((p) => p.id));
  // A reply whose parent was deleted starts its own thread.
  const roots = all.filter((p) => !p.inReplyToId || !byId.has(p.inReplyToId));
  const lastActivity = new Map<bigint, bigint>();
  for (const p of all) {
    const prev = lastActivity.get(p.conversationId) ?? 0n;
    if (p.id > prev) lastActivity.set(p.conversationId, p.id);
  }
  const activity = (p: XPost) => lastActivity.get(p.conversationId) ?? p.id;
  roots.sort((a, b) =>
    activity(a) === activity(b) ? (a.id > b.id ? -1 : 1) : activity(a) > activity(b) ? -1 : 1,
  );
  return { roots, all };
}

/** /home (and the mount root), /{username}, /{username}/status/{id} */
export function timelineRoutes(env: XEnv) {
  const app = new Hono<WebVars>();

  const home = async (c: Context<WebVars>) => {
    const session = c.get('session');
    const { roots, all } = await recentThreads(env);
    const ctx = await loadPostContext(env, all);
    const body = html`<h1>Home</h1>
      ${session ? composeForm(env, session, { next: `${env.basePath}/home` }) : html`<p class="pad muted"><a href="${env.basePath}/i/flow/login?redirect_after_login=${encodeURIComponent(`${env.basePath}/home`)}">Sign in</a> to post.</p>`}
      <section aria-label="Timeline">${roots.length ? threadView(env, roots, all, ctx) : html`<p class="pad muted">No posts yet.</p>`}</section>`;
    return renderPage(c, env, { title: 'Home', body, session });
  };
  app.get('/', home);
  app.get('/home', home);

  app.get('/:username', async (c) => {
    const session = c.get('session');
    const name = c.req.param('username');
    const user = USERNAME_PATTERN.test(name) ? await findUserByUsername(env.db, name) : undefined;
    if (!user) {
      const body = html`<div class="card"><h1>This account doesn’t exist</h1><p class="muted">Try searching for another.</p></div>`;
      return renderPage(c, env, { title: 'Profile', body, session, status: 404 });
    }
    const posts = await listRecentPosts(env.db, { limit: 100, authorId: user.id });
    const ctx = await loadPostContext(env, posts);
    const joined = user.createdAt.toLocaleString('en-US', {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    const body = html`<section class="pad" aria-label="Profile">
        <img class="avatar" src="${env.basePath}/avatars/${user.username}.svg" alt="" width="64" height="64">
        <h1 class="profile-name">${user.name}</h1>
        <p class="muted">@${user.username} · Joined ${joined} · ${posts.length} posts</p>
        <p>${user.description}</p></section>
      <h2 class="pad">Posts</h2>
      <section aria-label="Posts by @${user.username}">${posts.length ? posts.map((p) => postView(env, p, ctx)) : html`<p class="pad muted">@${user.username} hasn’t posted.</p>`}</section>`;
    return renderPage(c, env, { title: `${user.name} (@${user.username})`, body, session });
  });

  app.get('/:username/status/:id', statusRoute(env));
  return app;
}
