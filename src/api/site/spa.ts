import fs from 'node:fs';
import path from 'node:path';
import { Hono } from 'hono';
import type { PublicConfig } from '@/shared/public-config.ts';
import { type PageHeads, StaticSite } from './static-site.ts';

const CONFIG_PLACEHOLDER = '<!--app-config-->';

/** Embeds the public config as a JSON data block (not executed, so CSP allows it). */
export function renderIndexHtml(template: string, config: PublicConfig): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  return template.replace(
    CONFIG_PLACEHOLDER,
    `<script id="app-config" type="application/json">${json}</script>`,
  );
}

/** The built SPA in memory, or null when it is not built. */
export function loadStaticSite(
  distDir: string,
  config: PublicConfig,
  htmlHeaders: Record<string, string>,
  heads: PageHeads | null = null,
): StaticSite | null {
  if (!fs.existsSync(path.join(distDir, 'index.html'))) return null;
  return new StaticSite(distDir, (html) => renderIndexHtml(html, config), htmlHeaders, heads);
}

/**
 * GET/HEAD of anything else: hashed assets, public files, and the page (or SPA shell, status
 * 200) for every other path, so client-side routes and unknown paths land on the app.
 */
export function spaRoutes(site: StaticSite | null) {
  const app = new Hono();
  if (!site) {
    app.get('*', (c) =>
      c.text('The web app is not built. Run `npm run build` (npm start does it for you).', 503),
    );
    return app;
  }
  app.on(['GET', 'HEAD'], '*', (c) => {
    const r = site.respond(c.req.path, {
      acceptEncoding: c.req.header('accept-encoding'),
      ifNoneMatch: c.req.header('if-none-match'),
    });
    const body = c.req.method === 'HEAD' || !r.body ? null : new Uint8Array(r.body);
    return new Response(body, { status: r.status, headers: r.headers });
  });
  return app;
}
