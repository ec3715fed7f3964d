import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { XEnv } from '../context.ts';
import type { WebSession } from '../store/sessions.ts';
import { html, SafeHtml } from './html.ts';
import { STYLES } from './styles.ts';

const LOGO = html`<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M18.244 2.25h3.308l-7.227 8.26 8.502 11.24H16.17l-5.214-6.817L4.99 21.75H1.68l7.73-8.835L1.254 2.25H8.08l4.713 6.231zm-1.161 17.52h1.833L7.084 4.126H5.117z"/></svg>`;

export interface PageOptions {
  title: string;
  body: SafeHtml;
  session?: WebSession | null;
  status?: ContentfulStatusCode;
  /** Pages shown before the header makes sense (consent, errors) hide the navigation. */
  bare?: boolean;
}

/** The frame of every local-X page: header with navigation, one <main>, no scripts. */
export function renderPage(c: Context, env: XEnv, o: PageOptions) {
  const base = env.basePath;
  const nav = o.bare
    ? null
    : html`<nav aria-label="Main">
        <a href="${base}/home">Home</a>
        ${
          o.session
            ? html`<a href="${base}/${o.session.user.username}">Profile</a>
          <form class="inline" method="post" action="${base}/i/logout">
            <input type="hidden" name="csrf" value="${o.session.csrfToken}">
            <button class="btn btn-outline" type="submit">Log out @${o.session.user.username}</button>
          </form>`
            : html`<a class="btn btn-primary" href="${base}/i/flow/login">Sign in</a>`
        }
      </nav>`;
  const page = html`<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${o.title} / X (sandbox)</title>
<link rel="stylesheet" href="${base}/fonts/noto-emoji.css">
<style>${new SafeHtml(STYLES)}</style></head>
<body><div class="shell">
<header class="top"><a class="logo" href="${base}/home" aria-label="X (local sandbox) home">${LOGO}</a>${nav}</header>
<main>${o.body}</main>
</div></body></html>`;
  return c.html(page.value, o.status ?? 200);
}
