import type { XEnv } from '../context.ts';
import type { XPost } from '../store/posts.ts';
import { findPostsByIds } from '../store/posts.ts';
import { findUsersByIds, type XUser } from '../store/users.ts';
import { html, type SafeHtml, shortTime } from './html.ts';
import { linkedText } from './post-text.ts';

/** Authors and quoted posts needed to draw a set of posts, fetched in two queries. */
export interface PostContext {
  users: Map<string, XUser>;
  quoted: Map<string, XPost>;
}

export async function loadPostContext(env: XEnv, posts: XPost[]): Promise<PostContext> {
  const quoted = await findPostsByIds(
    env.db,
    posts.flatMap((p) => (p.quotedId ? [p.quotedId] : [])),
  );
  const ids = [...posts, ...quoted].flatMap((p) => [p.authorId, p.inReplyToUserId ?? p.authorId]);
  const users = await findUsersByIds(env.db, ids);
  return {
    users: new Map(users.map((u) => [u.id, u])),
    quoted: new Map(quoted.map((p) => [p.id.toString(), p])),
  };
}

export function statusPath(env: XEnv, post: XPost, author: XUser | undefined): string {
  return `${env.basePath}/${author?.username ?? 'i'}/status/${post.id}`;
}

/** One post as an <article>: avatar, name, handle, time (links to the post page), text. */
export function postView(
  env: XEnv,
  post: XPost,
  ctx: PostContext,
  opts: { focus?: boolean } = {},
): SafeHtml {
  const author = ctx.users.get(post.authorId);
  const handle = author?.username ?? 'unknown';
  const now = env.now();
  const replyingTo = post.inReplyToUserId ? ctx.users.get(post.inReplyToUserId) : undefined;
  const quoted = post.quotedId ? ctx.quoted.get(post.quotedId.toString()) : undefined;
  const quotedAuthor = quoted ? ctx.users.get(quoted.authorId) : undefined;
  const link = statusPath(env, post, author);
  return html`<article class="post" aria-label="Post by @${handle}"${opts.focus ? html` id="focus"` : null}>
  <img class="avatar" src="${env.basePath}/avatars/${handle}.svg" alt="" width="40" height="40">
  <div class="body">
    <div class="who"><a href="${env.basePath}/${handle}">${author?.name ?? handle}</a>
      <span class="muted">@${handle}</span><span class="muted" aria-hidden="true">·</span>
      <a class="muted" href="${link}"><time datetime="${post.createdAt.toISOString()}">${shortTime(post.createdAt, now)}</time></a>${post.firstVersionId ? html` <span class="muted">· Edited</span>` : null}</div>
    ${replyingTo ? html`<div class="muted">Replying to <a href="${env.basePath}/${replyingTo.username}">@${replyingTo.username}</a></div>` : null}
    <p class="text${opts.focus ? ' big' : ''}">${linkedText(env.basePath, post.text)}</p>
    ${quoted ? html`<div class="quote"><div class="muted">Quote of <a href="${statusPath(env, quoted, quotedAuthor)}">@${quotedAuthor?.username ?? 'unknown'}</a></div><p class="text">${linkedText(env.basePath, quoted.text)}</p></div>` : post.quotedId ? html`<div class="quote muted">This post is unavailable.</div>` : null}
    ${(post.mediaIds ?? []).map((id) => html`<video class="media" controls preload="metadata" playsinline width="480" src="${env.basePath}/media/${id}.mp4" aria-label="Video attached to the post"></video>`)}
    <div class="actions"><a href="${link}">Reply</a> <span class="muted">· id ${post.id.toString()}</span></div>
  </div>
</article>`;
}

/** Posts as threads: each reply indented under its parent, siblings oldest first. */
export function threadView(
  env: XEnv,
  roots: XPost[],
  all: XPost[],
  ctx: PostContext,
  focusId?: bigint,
): SafeHtml {
  const children = new Map<string, XPost[]>();
  for (const p of all) {
    if (!p.inReplyToId) continue;
    const key = p.inReplyToId.toString();
    children.set(key, [...(children.get(key) ?? []), p]);
  }
  const draw = (p: XPost, depth: number): SafeHtml => {
    const kids = (children.get(p.id.toString()) ?? []).sort((a, b) => (a.id < b.id ? -1 : 1));
    const nested = kids.map((k) => draw(k, depth + 1));
    // Past a few levels replies stop indenting, so deep threads stay readable on a phone.
    const wrap = kids.length
      ? depth < 5
        ? html`<div class="replies">${nested}</div>`
        : html`${nested}`
      : null;
    return html`${postView(env, p, ctx, { focus: p.id === focusId })}${wrap}`;
  };
  return html`${roots.map((r) => draw(r, 0))}`;
}
